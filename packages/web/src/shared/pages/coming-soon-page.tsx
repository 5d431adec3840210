import Typography from '@mui/material/Typography';
import { PageTitle } from '../layout/page-title';

/** A screen that is not built yet, shown inside its real route and role gate. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Typography color="text.secondary">This screen is coming soon.</Typography>
    </>
  );
}

/** A part of a screen (a tab) that is not built yet. */
export function ComingSoonPanel({ title }: { title: string }) {
  return (
    <>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This section is coming soon.</Typography>
    </>
  );
}
