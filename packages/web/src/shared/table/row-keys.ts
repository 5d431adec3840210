/** The part of a grid cell's key event that opening a row reads. */
export interface CellKeyEvent {
  key: string;
  target: EventTarget | null;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  preventDefault(): void;
  defaultMuiPrevented?: boolean;
}

/** The checkbox column of a selectable grid: Space there ticks the row. */
export const checkboxField = '__check__';

/**
 * Enter or Space on a focused row's cell does what a click does: opens the row. A key pressed in a
 * button or input inside the cell, with a modifier, or Space on the checkbox column is left alone.
 * Returns whether the row was opened.
 */
export function openRowOnKey<R>(
  field: string,
  row: R,
  event: CellKeyEvent,
  onRowClick: ((row: R) => void) | undefined,
): boolean {
  if (!onRowClick) return false;
  if (event.key !== 'Enter' && event.key !== ' ') return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (event.key === ' ' && field === checkboxField) return false;
  const target = event.target as { getAttribute?: (name: string) => string | null } | null;
  if (target?.getAttribute && target.getAttribute('role') !== 'gridcell') return false;
  event.preventDefault();
  event.defaultMuiPrevented = true;
  onRowClick(row);
  return true;
}
