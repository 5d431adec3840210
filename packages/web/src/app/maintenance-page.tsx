import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Shown when the platform does not answer (the server is down for maintenance or unreachable). */
export function MaintenancePage({ onRetry }: { onRetry: () => void }) {
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', my: 8, px: 2 }} data-testid="maintenance">
      <Typography variant="h4" component="h1" gutterBottom>
        System maintenance
      </Typography>
      <Typography sx={{ mb: 3 }}>
        The platform is currently unavailable while we carry out maintenance. Please try again in a few minutes.
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}
