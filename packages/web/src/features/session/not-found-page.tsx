import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';

export default function NotFoundPage() {
  return (
    <>
      <PageTitle title="Page not found" />
      <Typography sx={{ mb: 3 }}>The page you are looking for does not exist or has moved.</Typography>
      <Button variant="contained" component={Link} to="/">
        Go to Home
      </Button>
    </>
  );
}
