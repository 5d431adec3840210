import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { productName } from '../shared/layout/page-title';

/** Shown instead of the application to IE and Edge (spec core §2.2). */
export function UnsupportedBrowserPage() {
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', my: 8, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unsupported browser
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {productName} does not support Internet Explorer or Microsoft Edge.
      </Alert>
      <Typography>
        We recommend{' '}
        <Link href="https://www.google.com/chrome/" rel="noopener">
          Google Chrome
        </Link>
        . Please open this page in Chrome to continue.
      </Typography>
    </Box>
  );
}
