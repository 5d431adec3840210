import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A figure tile of a dashboard's header: a label, a value (a skeleton while loading), an optional hint. */
export function StatTile({
  label,
  value,
  title,
  testId,
}: {
  label: string;
  value: ReactNode | undefined;
  /** The full figure shown on hover (a compact amount's exact currency). */
  title?: string;
  testId: string;
}) {
  const shown = (
    <Typography variant="h5" component="p" data-testid={testId} sx={{ fontWeight: 600 }}>
      {value === undefined ? <Skeleton width={100} /> : value}
    </Typography>
  );
  return (
    <Card variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      {title ? (
        <Tooltip title={title} placement="bottom-start">
          <Box sx={{ display: 'inline-block' }}>{shown}</Box>
        </Tooltip>
      ) : (
        shown
      )}
    </Card>
  );
}

/** An action tile: a link to a screen, or a button that runs something; an optional live count. */
export function ActionTile({
  label,
  icon,
  to,
  onClick,
  count,
  busy,
  disabled,
  testId,
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  count?: number | undefined;
  busy?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  const body = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, minHeight: 72 }}>
      <Badge color="primary" badgeContent={count} max={9999} showZero={count !== undefined}>
        {busy ? <CircularProgress size={24} aria-label="Running" /> : icon}
      </Badge>
      <Typography component="span" sx={{ fontWeight: 500 }}>
        {label}
        {count !== undefined && (
          <Box
            component="span"
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {` (${count})`}
          </Box>
        )}
      </Typography>
    </Box>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} data-testid={testId} disabled={disabled}>
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={onClick} data-testid={testId} disabled={disabled || busy}>
          {body}
        </CardActionArea>
      )}
    </Card>
  );
}
