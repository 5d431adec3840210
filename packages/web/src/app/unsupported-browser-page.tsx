import { unsupportedBrowserTexts as texts } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** Shown instead of the application to IE and Edge (spec core §2.2). */
export function UnsupportedBrowserPage() {
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', my: 8, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {texts.title}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {texts.notSupported}
      </Alert>
      <Typography>
        {texts.recommendBefore}{' '}
        <Link href={texts.chromeUrl} rel="noopener">
          {texts.chrome}
        </Link>
        {texts.recommendAfter}
      </Typography>
    </Box>
  );
}
