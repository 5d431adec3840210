import { formatDateTime, fundsTexts } from '@lm/domain';
import Chip from '@mui/material/Chip';
import type { Column } from './list-types';

/** The Finalised Date cell as text: the date, or Pending when there is none (also in the CSV export). */
export function finalisedText(finalisedDate: string | null): string {
  return finalisedDate ? formatDateTime(finalisedDate) : fundsTexts.pending;
}

/** A row with no finalisedDate is pending (DESIGN §3). */
export function PendingChip() {
  // the text keeps the default colour: the warning colour on white fails the contrast ratio
  return <Chip size="small" variant="outlined" label={fundsTexts.pending} sx={{ borderColor: 'warning.main' }} />;
}

/**
 * The Finalised Date column of a row that is pending until it is finalised (an account
 * transaction; an investment, where the list leaves reversed ones out): the date on one line, or
 * the Pending chip; the export says Pending.
 */
export function finalisedDateColumn<R extends { finalisedDate: string | null }>(header = 'Finalised Date'): Column<R> {
  return {
    field: 'finalisedDate',
    header,
    value: (row) => finalisedText(row.finalisedDate),
    sortable: true,
    render: (row) => (row.finalisedDate ? finalisedText(row.finalisedDate) : <PendingChip />),
    oneLine: true,
  };
}
