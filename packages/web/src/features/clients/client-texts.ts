import { loanMessages } from '@lm/domain';

/**
 * Texts of the client screens the specification does not word (its validation messages are
 * `loanMessages.clientNameEmpty` and `clientNameEditEmpty` in @lm/domain). The success toasts are
 * the server's userMessage when it sends one, and the same catalogue texts otherwise.
 */
export const clientTexts = {
  created: loanMessages.clientCreated,
  edited: loanMessages.clientEdited,
  confirmCreate: (name: string) => `Please confirm the creation of the client ${name.trim()}.`,
  confirmEdit: (from: string, to: string) =>
    `Please confirm the change of the client's name from ${from} to ${to.trim()}.`,
} as const;
