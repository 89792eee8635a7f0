// What Linux says about a process (/proc/<pid>): whether it runs, and whether it is busy.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const TICKS_PER_SECOND = 100;

/** True while the process exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** User + system CPU seconds the process has used; undefined once it has exited. */
function cpuSeconds(pid: number): number | undefined {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command name, which sits in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Waits until the process uses under 10% of a core over half a second: requests a load test
 * abandoned (timeouts) are still being answered until then, and would slow the next measurement.
 * False when the process is gone, or (with a warning) still busy after `timeoutMs`.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 180_000): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  const windowMs = 500;
  while (performance.now() < deadline) {
    const before = cpuSeconds(pid);
    await sleep(windowMs);
    const after = cpuSeconds(pid);
    if (before === undefined || after === undefined) return false;
    if (after - before < 0.1 * (windowMs / 1000)) return true;
  }
  console.warn(`process ${pid} still busy after ${timeoutMs / 1000} s: the next figures include its backlog`);
  return false;
}
