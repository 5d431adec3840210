import { sydneyDate } from '@lm/domain';
import { readSession } from './storage';

/**
 * Today's business date (Sydney) as the server sees it: the server may run on its own clock
 * (CLOCK_NOW), so the browser's clock is corrected by the offset measured when the access token
 * was issued (docs/web.md, Decisions). The server checks the same dates again.
 */
export function serverToday(browserNowMs: number = Date.now()): string {
  return sydneyDate(serverNow(browserNowMs));
}

/** The server's now, by the same correction. */
export function serverNow(browserNowMs: number = Date.now()): Date {
  const offsetMs = readSession()?.session.serverOffsetMs ?? 0;
  return new Date(browserNowMs + offsetMs);
}
