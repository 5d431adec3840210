import { displayMessages } from '@lm/domain';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The set with `id` added when it was not in it, removed when it was. */
export function toggled(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * One expandable panel per record (the investor's Accounts and Portfolio screens): two skeletons
 * while the records load, the no-data line when there are none, and Expand All / Collapse All
 * above two or more. Which panels are open is the screen's (`expanded`): each opens its own by
 * default.
 */
export function PanelList<T extends { id: number }>({
  items,
  pending,
  loadingLabel,
  expanded,
  onExpandedChange,
  renderPanel,
}: {
  items: readonly T[];
  pending: boolean;
  loadingLabel: string;
  expanded: ReadonlySet<number>;
  onExpandedChange: (expanded: ReadonlySet<number>) => void;
  renderPanel: (item: T, panel: { expanded: boolean; onToggle: () => void }) => ReactNode;
}) {
  if (pending) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={loadingLabel}>
        <Skeleton variant="rectangular" height={56} />
        <Skeleton variant="rectangular" height={56} />
      </Stack>
    );
  }
  if (items.length === 0) return <Typography color="text.secondary">{displayMessages.noData}</Typography>;
  return (
    <Stack spacing={2}>
      {items.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => onExpandedChange(new Set(items.map((item) => item.id)))}>Expand All</Button>
          <Button onClick={() => onExpandedChange(new Set())}>Collapse All</Button>
        </Stack>
      )}
      <div>
        {items.map((item) =>
          renderPanel(item, {
            expanded: expanded.has(item.id),
            onToggle: () => onExpandedChange(toggled(expanded, item.id)),
          }),
        )}
      </div>
    </Stack>
  );
}
