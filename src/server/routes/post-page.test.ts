import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import type { Post } from '../../shared/posts.ts';

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

/** Deep in the body: no description or card shows it, only the article itself. */
const UNIQUE_SENTENCE = 'The quiz game about river birds won the family vote in Gulu.';
const LONG_BODY = Array.from(
  { length: 30 },
  (_, i) =>
    `## Part ${i + 1}\n\n${i === 20 ? `${UNIQUE_SENTENCE} ` : ''}` +
    'Students pair on one laptop and build a web page in the first week. '.repeat(4),
).join('\n\n');

const stateOf = (html: string) => /<script id="__QUERY_STATE__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('a post page', () => {
  let t: TestApp;
  let post: Post;

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL }, { renderer });
    const cookie = await adminCookie(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ title: 'A long post', content: LONG_BODY }),
    });
    expect(created.statusCode, created.body).toBe(201);
    post = created.json<Post>();
  });
  afterAll(() => t.close());

  // Issue 19: the body was sent twice, in the HTML and again in the query state the page never hydrates.
  it('sends the body once: in its HTML, not in its query state', async () => {
    const response = await t.app.inject({ url: `/blog/${post.slug}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(occurrences(html, UNIQUE_SENTENCE)).toBe(1);
    const state = stateOf(html);
    expect(state).not.toContain('Students pair on one laptop');
    expect(state).not.toContain('"content"');
    expect(state).not.toContain('"html"');
  });

  it('still sends what its islands read: the comments', async () => {
    const html = (await t.app.inject({ url: `/blog/${post.slug}` })).body;
    const state = JSON.parse(stateOf(html)) as { queries: { queries: { queryKey: unknown[] }[] } };
    expect(state.queries.queries.map((query) => query.queryKey)).toEqual([[`/api/blog-posts/${post.id}/comments`]]);
  });
});
