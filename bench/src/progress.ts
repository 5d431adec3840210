import cliProgress from 'cli-progress';
import type { ProgressReporter } from './book-generator';

/** One cli-progress bar per table; on a non-terminal it prints a line when each table is done. */
export function progressBars(): ProgressReporter & { stop(): void } {
  const tty = process.stderr.isTTY === true;
  const multi = tty
    ? new cliProgress.MultiBar(
        {
          format: ' {label} |{bar}| {percentage}% {value}/{total} {duration_formatted}',
          hideCursor: true,
          clearOnComplete: false,
          stopOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const bars = new Map<string, cliProgress.SingleBar>();
  const started = new Map<string, number>();
  const totals = new Map<string, number>();
  return {
    begin(label, total) {
      started.set(label, Date.now());
      totals.set(label, total);
      if (multi) bars.set(label, multi.create(Math.max(total, 1), 0, { label: label.padEnd(22) }));
    },
    advance(label, rows) {
      bars.get(label)?.increment(rows);
    },
    end(label) {
      const bar = bars.get(label);
      if (bar) bar.update(bar.getTotal());
      if (!multi) {
        const seconds = ((Date.now() - (started.get(label) ?? Date.now())) / 1000).toFixed(1);
        process.stderr.write(`  ${label.padEnd(22)} ${String(totals.get(label) ?? 0).padStart(10)}  ${seconds} s\n`);
      }
    },
    stop() {
      multi?.stop();
    },
  };
}
