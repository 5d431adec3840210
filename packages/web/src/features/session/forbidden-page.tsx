import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';

export default function ForbiddenPage() {
  return (
    <>
      <PageTitle title="Access denied" />
      <Typography sx={{ mb: 3 }}>You do not have permission to view this page.</Typography>
      <Button variant="contained" component={Link} to="/dashboard">
        Go to Dashboard
      </Button>
    </>
  );
}
