import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A horizontal rule as Material UI's Divider draws it (a thin line in the theme's divider colour),
 * without the Divider's code: the footer, on every page, would otherwise put it in the entry chunk
 * that the login page loads, and a page using it alone pulled in the chunk where it was grouped.
 */
export function Rule({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      component="hr"
      sx={[{ m: 0, border: 0, borderTop: 'thin solid', borderColor: 'divider' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
