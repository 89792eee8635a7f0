import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { RenderedResponse } from './page-cache.ts';

const page = (body: string): RenderedResponse => ({
  status: 200,
  body: `<!doctype html><title>${body}</title>${'<p>Reading on a cheap phone.</p>'.repeat(400)}`,
  contentType: 'text/html; charset=utf-8',
  etag: body,
});

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

  it('renders a page once while it is being compressed: a visitor right after the first gets that render', async () => {
    const cache = t.app.pageCache;
    const page = counted();
    const first = await cache.render('/stampede', page.produce);
    // The first render is still being compressed (brotli-11 on the thread pool): not kept yet.
    expect(cache.get('/stampede')).toBeUndefined();
    const second = await cache.render('/stampede', page.produce);
    expect(page.renders).toBe(1);
    expect(second.body).toBe(first.body);
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
    expect(after.body).toContain('render 2');
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
    const text = page('render 1').body;
    expect(kept?.identity.toString()).toBe(text);
    expect(brotliDecompressSync(kept!.br).toString()).toBe(text);
    expect(gunzipSync(kept!.gzip).toString()).toBe(text);
    expect(kept!.br.byteLength).toBeLessThan(text.length / 10);
    // A page (not a search) is sent as rendered, and kept once compressed in the background.
    const post = counted();
    const rendered = await cache.render('/blog/kept-later', post.produce);
    expect(rendered.body).toBe(page('render 1').body);
    expect('identity' in rendered).toBe(false);
  });
});
