import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isRunning, waitUntilIdle } from './proc.ts';

function node(code: string) {
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

describe('waitUntilIdle', () => {
  it('waits while the process computes and answers true once it idles', async () => {
    // Busy for about 1.5 s, then asleep.
    const child = node('const end = Date.now() + 1500; while (Date.now() < end); setTimeout(() => {}, 60_000);');
    try {
      const started = performance.now();
      expect(await waitUntilIdle(child.pid!)).toBe(true);
      expect(performance.now() - started).toBeGreaterThan(1000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('answers false for a process that has exited', async () => {
    const child = node('');
    await once(child, 'exit');
    expect(await waitUntilIdle(child.pid!)).toBe(false);
  });
});

describe('isRunning', () => {
  it('tells a live process from one that has exited', async () => {
    expect(isRunning(process.pid)).toBe(true);
    const child = node('');
    await once(child, 'exit');
    expect(isRunning(child.pid!)).toBe(false);
  });
});
