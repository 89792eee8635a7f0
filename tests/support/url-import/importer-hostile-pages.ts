/** Pages of the security review that froze the server when imported, and a way to notice a freeze. */

const article = (body: string) =>
  `<!doctype html><html><head><title>Hostile</title></head><body><article><h1>Hostile</h1>
  <p>${'An ordinary paragraph before the trap, long enough to look like an article. '.repeat(5)}</p>${body}</article></body></html>`;

/** 100,000 nested <div>s (1.1 MB): blocked every request for 311 s, then answered 500. */
export const nestedDivs = (depth = 100_000) => article(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`);

/** 20,000 nested list items: took 28.6 s, then answered 500. */
export const nestedListItems = (depth = 20_000) => article(`${'<ul><li>'.repeat(depth)}deep${'</li></ul>'.repeat(depth)}`);

/** A <pre> holding `runs` runs of backticks: `Math.max(0, ...runs)` threw RangeError at 300,000. */
export const backtickRuns = (runs = 300_000, longest = 1) =>
  article(`<pre>${'`'.repeat(longest)} ${'` '.repeat(runs - 1)}</pre><p>${'And a paragraph after it. '.repeat(5)}</p>`);

/** Many sibling elements, under the element limit, that take seconds to read. */
export const manyElements = (count = 90_000) => article(`<p>${'<b>x</b>'.repeat(count)}</p>`);

/**
 * Ticks on the main thread while something runs: a page read on the main thread stalls it for
 * the whole read (minutes for nestedDivs), one read in a worker leaves it ticking.
 */
export function watchEventLoop(everyMs = 10): { stop(): { ticks: number; longestStallMs: number } } {
  let ticks = 0;
  let longestStallMs = 0;
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
  };
  const timer = setInterval(() => {
    ticks++;
    tick();
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { ticks, longestStallMs };
    },
  };
}
