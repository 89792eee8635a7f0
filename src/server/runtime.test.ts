// V8's optimising compilers are held while the server starts and let go once it is busy
// (holdOptimisingCompilers in runtime.ts). Checked in a child process, where V8's own
// %GetOptimizationStatus says whether a hot function was compiled again by Maglev or TurboFan.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const runtime = pathToFileURL(path.resolve(import.meta.dirname, 'runtime.ts')).href;

/** Runs `body` after the hold in a fresh node; answers what it printed. */
async function inChild(body: string, nodeArgs: string[] = []): Promise<string> {
  const script = `
    const { holdOptimisingCompilers } = await import(${JSON.stringify(runtime)});
    const optimiseWhenBusy = holdOptimisingCompilers();
    // V8's status bits: 32 Maglev code, 64 TurboFan code.
    const optimised = (f) => (%GetOptimizationStatus(f) & (32 | 64)) !== 0;
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
    const heat = () => { for (let i = 0; i < 3000; i++) hot(2000); };
    ${body}`;
  const { stdout } = await run(process.execPath, ['--allow-natives-syntax', ...nodeArgs, '--input-type=module', '-e', script], {
    timeout: 60_000,
  });
  return stdout.trim();
}

describe('holdOptimisingCompilers', () => {
  it('leaves hot code on the baseline tiers until the process is busy, then optimises it', async () => {
    const printed = await inChild(`
      heat();
      await new Promise((resolve) => setTimeout(resolve, 200));
      console.log('held', optimised(hot));
      optimiseWhenBusy();
      // Busy: over a quarter of a core for well over the one-second window, until V8 has
      // optimised the function again (it compiles on another thread) or a minute has passed.
      const deadline = Date.now() + 50_000;
      while (!optimised(hot) && Date.now() < deadline) {
        heat();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      console.log('busy', optimised(hot));`);
    expect(printed.split('\n')).toEqual(['held false', 'busy true']);
  }, 70_000);

  it('changes nothing when the operator chose V8 compiler flags', async () => {
    const printed = await inChild(
      `
      const deadline = Date.now() + 50_000;
      while (!optimised(hot) && Date.now() < deadline) {
        heat();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      console.log('optimised', optimised(hot));`,
      ['--maglev'],
    );
    expect(printed).toBe('optimised true');
  }, 70_000);
});
