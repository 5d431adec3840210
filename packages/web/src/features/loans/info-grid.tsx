import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
  /** Long text (notes, the loan story) keeps its line breaks and takes a whole row. */
  multiline?: boolean;
}

/** A titled block of a record's fields as a definition list in a responsive grid; empty values show as '-'. */
export function InfoSection({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly InfoItem[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          columnGap: 3,
          rowGap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {items.map((item) => (
          <Box key={item.label} sx={item.multiline ? { gridColumn: '1 / -1' } : undefined}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {item.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: item.multiline ? 'pre-wrap' : undefined }}
            >
              {item.value === null || item.value === undefined || item.value === '' ? '-' : item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
