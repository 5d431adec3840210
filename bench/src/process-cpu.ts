import fs from 'node:fs';
import os from 'node:os';

/**
 * Where a load's CPU goes on this machine (Linux `/proc`): the server's process, PostgreSQL's
 * processes when they run here, the bench's own process (the HTTP client), and how much of the
 * machine stayed idle. On another system, or where `/proc` cannot be read, it measures nothing.
 */

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const ticksPerSecond = 100;

function processSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** PostgreSQL's processes on this machine (postmaster, backends, writers): none when it runs elsewhere. */
function postgresPids(): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  return pids;
}

/** The machine's busy and idle CPU seconds since boot, from /proc/stat's first line. */
function machineSeconds(): { busy: number; idle: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...values] = line.trim().split(/\s+/);
    const ticks = values.slice(0, 8).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return { busy: (total - idle) / ticksPerSecond, idle: idle / ticksPerSecond };
  } catch {
    return null;
  }
}

export interface CpuSplit {
  /** CPU seconds of each part during the load. */
  server: number;
  /** null: PostgreSQL does not run on this machine (or is the embedded database, inside the server). */
  postgres: number | null;
  client: number;
  /** The share of the machine's CPU time that stayed idle during the load, 0 to 1. */
  idleShare: number;
  cores: number;
}

/**
 * Runs `load` and returns its result with the CPU each part spent meanwhile, or null for the split
 * where `/proc` cannot be read. PostgreSQL's processes are those alive at the end of the load (a
 * backend that ended during it is not counted; the bench's connections stay open throughout).
 */
export async function withCpuSplit<T>(
  serverPid: number,
  load: () => Promise<T>,
): Promise<{ value: T; cpu: CpuSplit | null }> {
  const pgBefore = new Map(postgresPids().map((pid) => [pid, processSeconds(pid) ?? 0]));
  const serverBefore = processSeconds(serverPid);
  const machineBefore = machineSeconds();
  const clientBefore = process.cpuUsage();
  const value = await load();
  const client = process.cpuUsage(clientBefore);
  const machineAfter = machineSeconds();
  const serverAfter = processSeconds(serverPid);
  if (serverBefore === null || serverAfter === null || !machineBefore || !machineAfter) return { value, cpu: null };
  const pgAfter = postgresPids();
  let postgres = 0;
  for (const pid of pgAfter) postgres += (processSeconds(pid) ?? 0) - (pgBefore.get(pid) ?? 0);
  const busy = machineAfter.busy - machineBefore.busy;
  const idle = machineAfter.idle - machineBefore.idle;
  return {
    value,
    cpu: {
      server: serverAfter - serverBefore,
      postgres: pgAfter.length > 0 ? postgres : null,
      client: (client.user + client.system) / 1e6,
      idleShare: busy + idle > 0 ? idle / (busy + idle) : 0,
      cores: os.availableParallelism(),
    },
  };
}
