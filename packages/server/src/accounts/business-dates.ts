import { sydneyDate } from '@lm/domain';

const dayMs = 24 * 60 * 60_000;

/**
 * The instant a business date (a Sydney calendar date) stands for when money is finalised on it:
 * now when it is today, otherwise the same time of day on that date, so rows keep a natural order
 * (a deposit dated yesterday sorts before everything finalised since). Daylight-saving changes
 * are absorbed by stepping an hour until the Sydney date matches.
 */
export function instantOnBusinessDate(date: string, now: Date): Date {
  const today = sydneyDate(now);
  if (date === today) return now;
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / dayMs);
  let candidate = new Date(now.getTime() + days * dayMs);
  for (let step = 0; step < 3 && sydneyDate(candidate) !== date; step++) {
    candidate = new Date(candidate.getTime() + (sydneyDate(candidate) < date ? 1 : -1) * 60 * 60_000);
  }
  return candidate;
}
