import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  type LoanStatus,
  loanStatusLabels,
  portfolioTabOf,
  portfolioTabs,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useListState } from '../../shared/list/use-list';
import { ServerTable } from '../../shared/table/server-table';
import type { OwnAccount } from '../accounts';
import { DetailSection } from '../transactions';
import { investorRepaymentsList, type PortfolioInvestmentRow, termText, usePortfolioInvestment } from './portfolio-api';
import { RepaidProgress } from './repaid-progress';

export type InvestmentView = 'information' | 'repayments';

function InvestmentInformation({ row, account }: { row: PortfolioInvestmentRow; account: OwnAccount }) {
  const tabId = portfolioTabOf(row);
  const tabLabel = portfolioTabs.find((t) => t.id === tabId)?.label;
  return (
    <Stack spacing={2}>
      <DetailSection
        title="Investment"
        fields={[
          { label: 'Investment ID', value: row.id },
          { label: 'Investment Account', value: `${account.name} (${account.id})` },
          { label: 'Invested Amount', value: formatMoney(row.investedAmount) },
          { label: 'Investment Rate', value: formatPercent(row.investmentInterestRate) },
          { label: 'Mandate Rate', value: row.mandateRate === null ? '' : formatPercent(row.mandateRate) },
          { label: 'Percentage of Loan', value: formatPercent(row.investmentPercentage, 4) },
          { label: 'Principal Repaid', value: formatMoney(row.principalRepaid) },
          { label: 'Interest Repaid', value: formatMoney(row.interestRepaid) },
          { label: 'Principal Outstanding', value: formatMoney(row.principalOutstanding) },
          {
            label: 'Repaid',
            value: <RepaidProgress value={row.repaidProgress} label="Repaid of this investment" />,
          },
          { label: 'Investment Date', value: formatDateTime(row.creationDate) },
          { label: 'Finalised Date', value: formatDateTime(row.finalisedDate) },
          { label: 'Sale Date', value: formatDateTime(row.saleDate) },
          { label: 'Portfolio Tab', value: tabLabel ?? '' },
        ]}
      />
      <DetailSection
        title="Loan"
        fields={[
          { label: 'Loan ID', value: row.loanId },
          { label: 'Loan Name', value: row.loanName },
          { label: 'Loan Status', value: loanStatusLabels[row.loanStatus as LoanStatus] ?? row.loanStatus },
          { label: 'Sub Status', value: row.loanSubStatus },
          { label: 'Loan Amount', value: formatMoney(row.loanAmount) },
          { label: 'Term', value: termText(row) },
          { label: 'Funded Date', value: formatDateTime(row.fundedDate) },
          { label: 'Disbursement Date', value: formatDate(row.disbursementDate) },
          { label: 'Industry', value: row.industryType },
          { label: 'State', value: row.companyState },
          { label: 'Rescheduled Loan ID', value: row.rescheduledLoanId ?? '' },
        ]}
      />
    </Stack>
  );
}

function InvestmentRepayments({ row, account }: { row: PortfolioInvestmentRow; account: OwnAccount }) {
  const definition = useMemo(
    () => investorRepaymentsList(account.id, row.id, account.isForeign),
    [account.id, row.id, account.isForeign],
  );
  const controller = useListState(definition, { inUrl: false });
  return <ServerTable definition={definition} controller={controller} title={`Repayments of ${row.loanName ?? ''}`} />;
}

/** The Investment Information and Repayments tabs of /portfolio/{id}. */
export function PortfolioInvestment({ id, view }: { id: string; view: InvestmentView }) {
  const { accounts, investment } = usePortfolioInvestment(id);
  if (accounts.isPending || investment.isPending) {
    return <Skeleton variant="rectangular" height={240} aria-label="Loading the investment" />;
  }
  if (investment.isError || !investment.data) {
    return <Alert severity="error">{(investment.error as Error | null)?.message}</Alert>;
  }
  const { investment: row, account } = investment.data;
  return view === 'repayments' ? (
    <InvestmentRepayments row={row} account={account} />
  ) : (
    <InvestmentInformation row={row} account={account} />
  );
}
