import { transactionStatusLabels, withdrawalDecisionStatuses } from '@lm/domain';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from '../../shared/forms/field-binding';
import { SelectField } from '../../shared/forms/text-fields';

export type WithdrawalDecision = (typeof withdrawalDecisionStatuses)[number];

/** What marking a pending withdrawal Paid or Cancelled does, said in the field and the confirmation. */
export const decisionText: Record<WithdrawalDecision, string> = {
  PAID: 'The money leaves the account for the investor’s bank account, and the withdrawal is finalised.',
  CANCELLED: 'The reserved amount returns to the account’s available balance, and nothing is paid.',
};

const statusOptions = [
  { value: 'PENDING', label: transactionStatusLabels.PENDING },
  ...withdrawalDecisionStatuses.map((s) => ({ value: s, label: transactionStatusLabels[s] })),
] as const;

/** The status of a pending withdrawal: Pending, or the decision to mark it Paid or Cancelled. */
export function WithdrawalStatusField<T extends FieldValues, N extends FieldPath<T>, O>({
  chosen,
  ...props
}: Omit<BoundFieldProps<T, N, O>, 'label' | 'hint'> & { chosen: WithdrawalDecision | undefined }) {
  return (
    <SelectField
      {...props}
      label="Status"
      options={statusOptions}
      hint={chosen ? decisionText[chosen] : 'Pending until paid or cancelled.'}
    />
  );
}
