import { formatDate, formatDateTime, formatMoney } from '@lm/domain';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { moneyMoveTexts } from '../repayments';
import { ActionButton } from './action-button';
import { InfoSection } from './info-grid';
import { loanTexts } from './loan-texts';
import {
  type LoanRow,
  type PayoutReceiptState,
  payoutReceiptQuery,
  useFractionalisePayoutReceipt,
  usePublishPayoutReceipt,
} from './loans-api';

/** Where the payout receipt is: to publish, to fractionalise, or done. */
function receiptStage(state: PayoutReceiptState) {
  if (state.loanTransactionId === null) return 'publish' as const;
  if (state.fractionalisedDate === null) return 'fractionalise' as const;
  return 'done' as const;
}

/**
 * The payout receipt of a paid-out loan (DOMAIN.md "Payout"), on the loan screen: its receipt id,
 * date and amounts, and how far it has gone. Management publishes it and then fractionalises it
 * from here, each after a confirmation naming the rows and their total, as the repayments screens ask.
 */
export function PayoutReceiptPanel({ loan, canAct }: { loan: LoanRow; canAct: boolean }) {
  const receiptRead = useQuery({ ...payoutReceiptQuery(loan.id), enabled: loan.payoutDate !== null });
  const [confirming, setConfirming] = useState<'publish' | 'fractionalise' | null>(null);
  // one Idempotency-Key per opened confirmation, resent when it is confirmed again after a failure
  const key = useIdempotencyKey(confirming && { loanId: loan.id, confirming });
  const publish = usePublishPayoutReceipt(loan.id, key);
  const fractionalise = useFractionalisePayoutReceipt(loan.id, key);
  const state = receiptRead.data;
  if (loan.payoutDate === null || !state) return null;
  const stage = receiptStage(state);
  const net = state.receipt.netAmount;
  return (
    <div data-testid="payout-receipt">
      <InfoSection
        title="Payout Receipt"
        items={[
          { label: 'Receipt ID', value: state.receipt.thirdPartyId },
          { label: 'Payout Date', value: formatDate(state.payoutDate) },
          { label: 'Net Amount', value: formatMoney(net) },
          { label: 'Principal', value: formatMoney(state.principalAmount) },
          { label: 'Interest', value: formatMoney(state.interestAmount) },
          { label: 'Batch', value: state.receipt.batchNumber },
          {
            label: 'Status',
            value:
              stage === 'publish'
                ? loanTexts.payoutReceiptNotPublished
                : stage === 'fractionalise'
                  ? loanTexts.payoutReceiptPublished(formatDateTime(state.publishedDate))
                  : loanTexts.payoutReceiptFractionalised(formatDateTime(state.fractionalisedDate)),
          },
        ]}
      >
        {canAct && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mb: 2 }}
            role="group"
            aria-label="Payout receipt actions"
          >
            <ActionButton
              label="Publish Receipt"
              variant={stage === 'publish' ? 'contained' : 'outlined'}
              availability={
                stage === 'publish'
                  ? { enabled: true, reason: null }
                  : { enabled: false, reason: loanTexts.payoutReceiptAlreadyPublished }
              }
              onClick={() => setConfirming('publish')}
            />
            <ActionButton
              label="Fractionalise Receipt"
              variant={stage === 'fractionalise' ? 'contained' : 'outlined'}
              availability={
                stage === 'fractionalise'
                  ? { enabled: true, reason: null }
                  : {
                      enabled: false,
                      reason:
                        stage === 'publish'
                          ? loanTexts.payoutReceiptPublishFirst
                          : loanTexts.payoutReceiptAlreadyFractionalised,
                    }
              }
              onClick={() => setConfirming('fractionalise')}
            />
          </Stack>
        )}
      </InfoSection>
      {confirming === 'publish' && (
        <ConfirmDialog
          open
          title={moneyMoveTexts.publishTitle}
          message={moneyMoveTexts.publishQuestion(1, net)}
          confirmLabel="Publish"
          onConfirm={async () => {
            await publish.mutateAsync(state.receipt);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'fractionalise' && state.loanTransactionId !== null && (
        <ConfirmDialog
          open
          title={moneyMoveTexts.fractionaliseTitle}
          message={moneyMoveTexts.fractionaliseQuestion(1, net)}
          confirmLabel="Fractionalise"
          onConfirm={async () => {
            await fractionalise.mutateAsync(state.loanTransactionId as number);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
