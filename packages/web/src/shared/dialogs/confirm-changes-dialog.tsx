import { ConfirmDialog } from './confirm-dialog';

/**
 * The confirmation of an edit form: it names each changed field ('Please confirm the changes to
 * this investor: First Name, Notes.'), or says nothing has changed and cannot be confirmed.
 */
export function ConfirmChangesDialog<P>({
  pending,
  changes,
  subject,
  onSave,
  onClose,
}: {
  /** The changes to send, while the confirmation is open. */
  pending: P | null;
  /** The labels of the changed fields. */
  changes: readonly string[];
  /** What is edited, as in 'this investor group'. */
  subject: string;
  onSave: (pending: P) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={pending !== null}
      title="Confirm Edit"
      message={
        changes.length === 0
          ? 'Nothing has changed.'
          : `Please confirm the changes to this ${subject}: ${changes.join(', ')}.`
      }
      confirmDisabled={changes.length === 0}
      onConfirm={async () => {
        if (pending !== null) await onSave(pending);
      }}
      onClose={onClose}
    />
  );
}
