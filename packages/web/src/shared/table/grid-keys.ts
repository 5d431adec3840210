/** A cell of a table: row 0 is the header row, rows 1..n the body; columns from 0. */
export interface CellPosition {
  row: number;
  col: number;
}

export interface GridBounds {
  /** Rows including the header row. */
  rows: number;
  cols: number;
  /** Rows a Page Up or Page Down moves (the page's body rows at most). */
  pageRows: number;
}

/**
 * Where a key moves the focus in a table (the ARIA grid pattern: arrows one cell, Home and End to
 * the row's ends, Ctrl+Home and Ctrl+End to the table's corners, Page Up and Page Down by a page).
 * Null for a key that does not move it; a move past an edge stays at the edge.
 */
export function moveCell(
  from: CellPosition,
  key: string,
  bounds: GridBounds,
  modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {},
): CellPosition | null {
  const lastRow = Math.max(0, bounds.rows - 1);
  const lastCol = Math.max(0, bounds.cols - 1);
  const clamp = (row: number, col: number): CellPosition => ({
    row: Math.min(lastRow, Math.max(0, row)),
    col: Math.min(lastCol, Math.max(0, col)),
  });
  const toCorner = modifiers.ctrlKey === true || modifiers.metaKey === true;
  switch (key) {
    case 'ArrowDown':
      return clamp(from.row + 1, from.col);
    case 'ArrowUp':
      return clamp(from.row - 1, from.col);
    case 'ArrowRight':
      return clamp(from.row, from.col + 1);
    case 'ArrowLeft':
      return clamp(from.row, from.col - 1);
    case 'Home':
      return toCorner ? clamp(0, 0) : clamp(from.row, 0);
    case 'End':
      return toCorner ? clamp(lastRow, lastCol) : clamp(from.row, lastCol);
    case 'PageDown':
      return clamp(from.row + Math.max(1, bounds.pageRows), from.col);
    case 'PageUp':
      return clamp(from.row - Math.max(1, bounds.pageRows), from.col);
    default:
      return null;
  }
}

/** The focusable cell once the rows have changed: the same place, or the nearest one left. */
export function clampCell(cell: CellPosition, bounds: GridBounds): CellPosition {
  return {
    row: Math.min(Math.max(0, bounds.rows - 1), Math.max(0, cell.row)),
    col: Math.min(Math.max(0, bounds.cols - 1), Math.max(0, cell.col)),
  };
}
