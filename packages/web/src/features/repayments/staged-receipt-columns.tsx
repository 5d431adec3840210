import { futureDatedReceipts, type StagedReceipt, sydneyDate } from '@lm/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Column } from '../../shared/list/list-types';

/** The staged receipts' columns (investor-and-admin §3 "Receipt repayment"). */
export const stagedReceiptColumns: readonly Column<StagedReceipt>[] = [
  { field: 'line', header: 'Line', kind: 'integer', width: 70 },
  {
    field: 'issue',
    header: 'Issue',
    flex: 2,
    // second, so it is in view without scrolling the table sideways; the whole text wraps in a row that grows with it (the table's autoRowHeight): never cut off
    minWidth: 320,
    render: (row) => {
      const dateAlert = futureDatedReceipts([row], sydneyDate(new Date()))[0]?.alert;
      if (!row.issue && !dateAlert) return null;
      return (
        <Stack spacing={0.5} sx={{ py: 1 }}>
          {row.issue && (
            <Typography variant="body2" color="error.dark" sx={{ whiteSpace: 'normal', lineHeight: 1.3 }}>
              {row.issue}
            </Typography>
          )}
          {dateAlert && (
            <Typography variant="body2" color="warning.dark" sx={{ whiteSpace: 'normal', lineHeight: 1.3 }}>
              {dateAlert}
            </Typography>
          )}
        </Stack>
      );
    },
  },
  { field: 'thirdPartyLoanId', header: 'Third Party Loan ID', width: 160 },
  { field: 'loanId', header: 'Loan ID', width: 90 },
  { field: 'loanName', header: 'Loan Name', flex: 1 },
  { field: 'thirdPartyId', header: 'Receipt ID', width: 140 },
  { field: 'dueDate', header: 'Receipt Date', kind: 'date', width: 140 },
  { field: 'netAmount', header: 'Net Amount', kind: 'money', width: 125 },
  { field: 'grossAmount', header: 'Gross Amount', kind: 'money', width: 130 },
  { field: 'batchNumber', header: 'Batch Number', width: 135 },
  { field: 'loanAmount', header: 'Loan Amount', kind: 'money', width: 140 },
];
