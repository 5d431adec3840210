import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export interface DetailField {
  label: string;
  value: ReactNode;
}

/** A titled block of label/value pairs (a detail tab's section). Empty values show as '-'. */
export function DetailSection({
  title,
  fields,
  children,
}: {
  title: string;
  fields: readonly DetailField[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
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
        {fields.map((field) => (
          <Box key={field.label}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {field.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.value === null || field.value === undefined || field.value === '' ? '-' : field.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {children}
    </Paper>
  );
}
