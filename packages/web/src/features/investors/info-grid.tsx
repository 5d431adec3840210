import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface InfoItem {
  label: string;
  value: string | number | null | undefined;
  /** Multi-line text (notes) keeps its line breaks and takes a whole row. */
  multiline?: boolean;
}

/** A record's fields as a definition list in a responsive grid (the detail tabs of the people screens). */
export function InfoGrid({ items, label }: { items: readonly InfoItem[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={item.multiline ? { gridColumn: '1 / -1' } : undefined}>
          <Typography variant="caption" color="text.secondary" component="dt">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: item.multiline ? 'pre-wrap' : undefined }}>
            {item.value === null || item.value === undefined || item.value === '' ? '-' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
