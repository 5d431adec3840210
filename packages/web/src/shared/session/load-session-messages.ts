import type { sessionMessages } from '@lm/domain';

export type SessionMessages = typeof sessionMessages;

/** The session texts of spec core §8 ('Please login again.', ...), loaded when first needed. */
export function loadSessionMessages(): Promise<SessionMessages> {
  return import('./session-messages').then((module) => module.sessionMessages);
}
