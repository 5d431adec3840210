/**
 * The one injectable clock. Every rule that reads "today" asks it. CLOCK_NOW starts it at that
 * instant and it then runs on in real time; tests move it with set() and advance().
 */
export class Clock {
  private offsetMs: number;
  constructor(startAt?: string | Date) {
    this.offsetMs = startAt === undefined ? 0 : new Date(startAt).getTime() - Date.now();
    if (Number.isNaN(this.offsetMs)) throw new Error(`CLOCK_NOW is not a valid instant: ${String(startAt)}`);
  }
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  set(instant: string | Date): void {
    this.offsetMs = new Date(instant).getTime() - Date.now();
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
