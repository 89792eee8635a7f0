import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { type CachedResponse, identityOf, PageCache, type RenderedResponse } from './page-cache.ts';

const page = (body: string): RenderedResponse => ({
  status: 200,
  body: `<!doctype html><title>${body}</title>${'<p>Reading on a cheap phone.</p>'.repeat(400)}`,
  contentType: 'text/html; charset=utf-8',
  etag: body,
});

/** The text of a page's `n`th render. */
const pageText = (n: number) => page(`render ${n}`).body;

/** Polls until `done` holds: a loaded machine may take seconds to brotli-11 a page. */
async function until(done: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Counts the renders of one page; each answers a new body, so a second one is seen. */
function counted() {
  let renders = 0;
  return {
    get renders() {
      return renders;
    },
    produce: async () => page(`render ${++renders}`),
  };
}

describe('PageCache.render', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.pageCache.sync();
  });
  afterAll(() => t.close());

  it('renders a page once however many ask at once, and keeps it compressed before the first answer goes out', async () => {
    const cache = t.app.pageCache;
    const page = counted();
    const [first, second] = await Promise.all([cache.render('/stampede', page.produce), cache.render('/stampede', page.produce)]);
    expect(page.renders).toBe(1);
    expect(second).toBe(first);
    // Both got the kept entry itself: bytes compressed once, none of their own.
    expect(cache.get('/stampede')).toBe(first);
    expect(gunzipSync((first as CachedResponse).gzip).toString()).toBe(pageText(1));
  });

  it("holds only the bytes it counts: each encoding in a buffer of its own size, not a view of zlib's 64 KB", async () => {
    const cache = t.app.pageCache;
    const entry = (await cache.render('/owned-bytes', counted().produce)) as CachedResponse;
    for (const encoded of [entry.br, entry.gzip]) {
      expect(encoded.byteLength).toBeLessThan(16 * 1024);
      expect(encoded.buffer.byteLength).toBe(encoded.byteLength);
    }
  });

  it('shares no render begun before the pages were emptied', async () => {
    const cache = t.app.pageCache;
    const page = counted();
    await cache.render('/emptied', page.produce);
    // A write moves the shared generation; the next read of it empties the pages.
    await t.db.execute(sql`update page_cache_generation set generation = generation + 1`);
    await cache.sync();
    const after = await cache.render('/emptied', page.produce);
    expect(page.renders).toBe(2);
    expect(identityOf(after as CachedResponse).toString()).toBe(pageText(2));
  });

  it('renders again after a failed render rather than sharing the failure', async () => {
    const cache = t.app.pageCache;
    let calls = 0;
    const failing = async (): Promise<RenderedResponse> => {
      calls += 1;
      throw new Error('the database went away');
    };
    await expect(cache.render('/failing', failing)).rejects.toThrow('the database went away');
    await expect(cache.render('/failing', failing)).rejects.toThrow('the database went away');
    expect(calls).toBe(2);
  });

  it('sends a search in the bytes it keeps: compressed once, before the answer, and kept at once', async () => {
    const cache = t.app.pageCache;
    const search = counted();
    const answer = await cache.render('/blog?q=once', search.produce, 'searches');
    const kept = cache.get('/blog?q=once', 'searches');
    // Kept before the answer went out, and that answer is the kept entry: no second compression.
    expect(kept).toBe(answer);
    expect(kept?.body).toBe('');
    const text = pageText(1);
    expect(identityOf(kept!).toString()).toBe(text);
    expect(brotliDecompressSync(kept!.br).toString()).toBe(text);
    expect(gunzipSync(kept!.gzip).toString()).toBe(text);
    expect(kept!.br.byteLength).toBeLessThan(text.length / 10);
    // A page (not a search) gets the same quick bytes first, then the smallest in the background.
    const post = counted();
    const quick = (await cache.render('/blog/kept-later', post.produce)) as CachedResponse;
    expect(cache.get('/blog/kept-later')).toBe(quick);
    await until(() => cache.get('/blog/kept-later') !== quick);
    const smallest = cache.get('/blog/kept-later')!;
    expect(smallest.etag).toBe(quick.etag);
    expect(brotliDecompressSync(smallest.br).toString()).toBe(pageText(1));
    expect(smallest.br.byteLength).toBeLessThanOrEqual(quick.br.byteLength);
    expect(smallest.gzip.byteLength).toBeLessThanOrEqual(quick.gzip.byteLength);
  });

  it('keeps searches within their byte budget: the least recent out first, one larger than the budget never', async () => {
    const cache = new PageCache(t.db, { maxSearchBytes: 64 * 1024, pollMs: 60_000 });
    try {
      await cache.sync();
      // Hex of random bytes: each answer's two encodings come to about 20 KB together.
      const search = (bytes: number) => async () => page(randomBytes(bytes).toString('hex'));
      for (const term of ['one', 'two', 'three', 'four']) await cache.render(`/blog?q=${term}`, search(10_000), 'searches');
      const kept = ['one', 'two', 'three', 'four'].map((term) => cache.get(`/blog?q=${term}`, 'searches'));
      expect(kept.map((entry) => entry !== undefined)).toEqual([false, true, true, true]);
      const bytes = kept.reduce((sum, entry) => sum + (entry ? entry.br.byteLength + entry.gzip.byteLength : 0), 0);
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
      // An API list of a hundred times that is still answered, whole, and not kept.
      const huge = await cache.render('/api/blog-posts?search=all', search(100_000), 'searches');
      expect(identityOf(huge as CachedResponse).byteLength).toBeGreaterThan(200_000);
      expect(cache.get('/api/blog-posts?search=all', 'searches')).toBeUndefined();
      expect(cache.get('/blog?q=four', 'searches')).toBeDefined();
    } finally {
      cache.close();
    }
  });
});
