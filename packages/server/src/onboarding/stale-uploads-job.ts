import type { DailyJob } from '../platform/jobs';
import { removeStaleIncoming } from './document-store';

/** An upload in progress is never a day old: incoming files that are were left by a crash. */
export const staleIncomingMs = 24 * 60 * 60_000;

/** The daily job that removes onboarding uploads a crashed process left in DATA_DIR/files/.incoming. */
export const staleUploadsJob: DailyJob = {
  name: 'onboarding-stale-uploads',
  async run(ctx) {
    // file ages are real time, not the business clock (which tests and CLOCK_NOW move)
    return { removed: removeStaleIncoming(ctx.config.dataDir, new Date(), staleIncomingMs) };
  },
};
