import { truncateText } from '@lm/domain';
import { loanListRoute } from '@lm/domain/routes';
import { callRoute } from '../api/call-route';
import { SearchPicker } from './search-picker';

/** A loan as the picker shows it. */
export interface PickedLoan {
  id: number;
  name: string;
}

const optionsMax = 20;
const loanNameShownMax = 60;

export const loanLabel = (loan: PickedLoan) => `${truncateText(loan.name, loanNameShownMax)} (${loan.id})`;

/** Up to 20 loans matching an OData filter, newest first (staff). */
export function loanPickerQuery(filter: string | undefined) {
  return {
    queryKey: ['loans', 'picker', filter ?? ''] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<PickedLoan[]> =>
      (
        await callRoute(loanListRoute, {
          query: {
            ...(filter ? { $filter: filter } : {}),
            $select: 'id,name',
            $orderby: 'id desc',
            $top: String(optionsMax),
          },
          ...(signal ? { signal } : {}),
        })
      ).data.map((loan) => ({ id: Number(loan.id), name: String(loan.name) })),
  };
}

/** Chooses a loan by id or name; empty means `emptyLabel` (All Loans) when one is given. */
export function LoanPicker({
  value,
  onChange,
  label = 'Loan',
  emptyLabel,
  required,
  error,
  helperText,
}: {
  value: PickedLoan | null;
  onChange: (loan: PickedLoan | null) => void;
  label?: string;
  emptyLabel?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  return (
    <SearchPicker
      value={value}
      onChange={onChange}
      optionLabel={loanLabel}
      query={loanPickerQuery}
      label={label}
      {...(emptyLabel ? { placeholder: emptyLabel } : {})}
      helperText={
        helperText ?? (emptyLabel ? `Type a name or a loan id; empty for ${emptyLabel}` : 'Type a name or a loan id')
      }
      required={required ?? false}
      error={error ?? false}
    />
  );
}
