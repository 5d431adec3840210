import { formatPercent } from '@lm/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * An investment's repaidProgress (spec core §3) as a bar and its percentage. The server computes
 * the figure (capped at 99.99 while not fully repaid; an invested amount of zero counts as 1), so
 * 100% shows only when the investment is fully repaid.
 */
export function RepaidProgress({ value, label }: { value: number; label: string }) {
  const shown = Math.max(0, Math.min(100, value));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', height: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={shown}
        aria-label={label}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ minWidth: 56, textAlign: 'right' }}>
        {formatPercent(value)}
      </Typography>
    </Box>
  );
}
