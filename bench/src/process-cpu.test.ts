import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withCpuSplit } from './process-cpu';

const linux = fs.existsSync('/proc/self/stat');

describe.skipIf(!linux)('withCpuSplit', () => {
  it('counts the CPU a load spends in the named process and in the bench itself', async () => {
    // the bench's own process stands for the server here: both must see the same busy loop
    const { value, cpu } = await withCpuSplit(process.pid, async () => {
      // spin until this process has used 150 ms of CPU, however busy the machine is
      const start = process.cpuUsage();
      let spins = 0;
      for (;;) {
        spins += 1;
        const used = process.cpuUsage(start);
        if (used.user + used.system >= 150_000) return spins;
      }
    });
    expect(value).toBeGreaterThan(0);
    expect(cpu).not.toBeNull();
    // /proc counts in 10 ms ticks: 150 ms of CPU reads as at least 140
    expect(cpu!.server).toBeGreaterThanOrEqual(0.1);
    expect(cpu!.client).toBeGreaterThanOrEqual(0.1);
    expect(cpu!.idleShare).toBeGreaterThanOrEqual(0);
    expect(cpu!.idleShare).toBeLessThanOrEqual(1);
    expect(cpu!.cores).toBeGreaterThanOrEqual(1);
  });

  it('measures no split for a process that is not there', async () => {
    const { value, cpu } = await withCpuSplit(2 ** 30, async () => 'done');
    expect(value).toBe('done');
    expect(cpu).toBeNull();
  });
});
