import type { Availability } from '@lm/domain';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/** A loan action: enabled, or disabled with its reason as a tooltip (spec core §8's disabled-action messages). */
export function ActionButton({
  label,
  availability,
  onClick,
  variant = 'outlined',
  color,
}: {
  label: string;
  availability: Availability;
  onClick: () => void;
  variant?: 'outlined' | 'contained';
  color?: 'error';
}) {
  const button = (
    <Button variant={variant} color={color ?? 'primary'} disabled={!availability.enabled} onClick={onClick}>
      {label}
    </Button>
  );
  if (availability.enabled) return button;
  return (
    <Tooltip title={availability.reason ?? ''} describeChild>
      <span>{button}</span>
    </Tooltip>
  );
}
