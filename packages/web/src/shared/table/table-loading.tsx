import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * A table's place while its first rows are on their way: a progress indicator instead of the data
 * grid with its loading overlay, so that the grid (the costliest part of a list screen to render)
 * mounts once, with the rows, the empty state or the error, and not once for its skeleton and
 * again for the rows.
 */
export function TableLoading({ label, height }: { label: string; height?: number | undefined }) {
  return (
    <Box
      data-testid="table-loading"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: height ?? 240 }}
    >
      <CircularProgress aria-label={`Loading ${label}`} />
    </Box>
  );
}
