import crypto from 'node:crypto';
import { AppError, sessionMessages } from '@lm/domain';
import { type Executor, executePrepared } from '../db/database';

/**
 * Sessions (ADR 003). A login opens one; its id is the refresh-token family and the `sid` of every
 * access token issued in it. Revoking it (logout, refresh-token reuse, a password change or reset)
 * ends its refresh tokens and, through `SessionCheck`, its access tokens on their next request.
 */

export async function openSession(db: Executor, userId: number, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db.insertInto('sessions').values({ id, userId, createdAt: now }).execute();
  return id;
}

/** Revokes one session; answers whether it was live. */
export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Revokes every live session of a user except `keep` (the caller's own); answers their ids. */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, keep?: string): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export interface SessionCheckOptions {
  /**
   * How long a session seen live is believed live without asking the database again. 0 asks on
   * every request. A revocation made by this process is seen at once whatever this is; one made
   * by another server process on the same database is seen within this time.
   */
  liveCacheMs: number;
  /** Bench only: skip the check altogether, to measure what it costs. */
  disabled?: boolean;
}

/** How many sessions the check remembers (the oldest is forgotten first). */
export const sessionCacheMax = 10_000;

/**
 * The per-request check that an access token's session is still live. A revoked session never
 * becomes live again, so "revoked" is remembered for good; "live" only for `liveCacheMs`, and is
 * forgotten as soon as this process revokes the session (`forget`, called after the revoking
 * transaction commits), so a logout answered by this process refuses the next request at once.
 */
export class SessionCheck {
  private readonly seen = new Map<string, { live: boolean; until: number }>();

  constructor(
    private readonly db: Executor,
    private readonly options: SessionCheckOptions,
  ) {}

  /** Refuses (401 'Expired Token', so the client refreshes or signs in again) a revoked or unknown session. */
  async assertLive(sessionId: string | undefined, userId: number): Promise<void> {
    if (this.options.disabled) return;
    if (!sessionId) throw new AppError('TOKEN_EXPIRED', sessionMessages.tokenExpired);
    const now = Date.now();
    const known = this.seen.get(sessionId);
    let live: boolean;
    if (known && (!known.live || now < known.until)) live = known.live;
    else {
      // a named prepared statement (db/database.ts): every authenticated request asks it
      const {
        rows: [row],
      } = await executePrepared(
        this.db,
        this.db.selectFrom('sessions').select(['userId', 'revokedAt']).where('id', '=', sessionId),
      );
      live = row !== undefined && row.revokedAt === null && Number(row.userId) === userId;
      this.remember(sessionId, live, now);
    }
    if (!live) throw new AppError('TOKEN_EXPIRED', sessionMessages.tokenExpired);
  }

  /** This process revoked these sessions: their next request is checked against the database. */
  forget(sessionIds: Iterable<string>): void {
    for (const id of sessionIds) this.seen.delete(id);
  }

  private remember(sessionId: string, live: boolean, now: number): void {
    if (live && this.options.liveCacheMs <= 0) return;
    this.seen.delete(sessionId);
    if (this.seen.size >= sessionCacheMax) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    this.seen.set(sessionId, { live, until: now + this.options.liveCacheMs });
  }
}
