import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import { PREFER_REPRESENTATION, type Post, type RenderedPost } from '../../shared/posts.ts';
import { composeRenderer } from '../pages/renderer.ts';
import { MARKDOWN_RENDER_CHANNEL } from '../services/markdown/index.ts';

const SITE_URL = 'http://localhost:3000';
const renderer = composeRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

/** Markdown renders done by the app's renderer (cache misses), as its channel publishes them. */
let renders = 0;
const countRender = () => {
  renders += 1;
};

describe('the answer of a save', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL }, { renderer });
    cookie = await adminCookie(t.app);
    subscribe(MARKDOWN_RENDER_CHANNEL, countRender);
  });
  afterEach(() => {
    renders = 0;
  });
  afterAll(async () => {
    unsubscribe(MARKDOWN_RENDER_CHANNEL, countRender);
    await t.close();
  });

  // As the editor saves: asking for the post as its GET gives it.
  const prefer = { prefer: PREFER_REPRESENTATION };
  const create = (overrides: Record<string, unknown>, headers: Record<string, string> = prefer) =>
    t.app.inject({ method: 'POST', url: '/api/blog-posts', headers: { cookie, ...headers }, payload: postPayload(overrides) });
  const update = (post: Post, overrides: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie, ...prefer },
      payload: postPayload({ slug: post.slug, expectedUpdatedAt: post.updatedAt, ...overrides }),
    });
  const adminGet = async (slugOrId: string) =>
    (await t.app.inject({ url: `/api/blog-posts/${slugOrId}`, headers: { cookie } })).json<RenderedPost>();

  // The editor read the post again after each save (a GET, its markdown rendered again) for what
  // the save had just stored.
  it('POST answers the saved post rendered, as its GET answers it', async () => {
    const created = await create({ title: 'Clubs answered', content: '## Weekly clubs\n\nStudents **build** apps.' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['preference-applied']).toBe('return=representation');
    const post = created.json<RenderedPost>();
    expect(post.html).toMatch(/<h2[^>]*>Weekly clubs<\/h2>/);
    expect(post.html).toContain('<strong>build</strong>');
    expect(post).toEqual(await adminGet(post.id));
  });

  it('answers the post alone, as before, to a save that does not ask', async () => {
    const created = await create({ title: 'Clubs plain', content: '## Plain\n\nText.' }, {});
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['preference-applied']).toBeUndefined();
    const { html, ...post } = await adminGet(created.json<Post>().id);
    expect(html).toMatch(/<h2[^>]*>Plain<\/h2>/);
    expect(created.json()).toEqual(post);
  });

  it('reads the preference among others (RFC 7240), and return=minimal as no ask', async () => {
    const asked = await create(
      { title: 'Clubs among others', content: 'Text.' },
      { prefer: 'handling=lenient, return=representation' },
    );
    expect(asked.json<RenderedPost>().html).toBe('<p>Text.</p>');
    const minimal = await create({ title: 'Clubs minimal', content: 'Text.' }, { prefer: 'return=minimal' });
    expect(minimal.json()).not.toHaveProperty('html');
  });

  it('PUT answers the saved post rendered, as its GET answers it', async () => {
    const post = (await create({ title: 'Clubs updated', content: 'First text.' })).json<Post>();
    const updated = await update(post, { title: 'Clubs updated', content: '## Second part\n\nMore text.' });
    expect(updated.statusCode, updated.body).toBe(200);
    const saved = updated.json<RenderedPost>();
    expect(saved.html).toMatch(/<h2[^>]*>Second part<\/h2>/);
    expect(saved.content).toBe('## Second part\n\nMore text.');
    expect(saved.updatedAt).not.toBe(post.updatedAt);
    expect(saved).toEqual(await adminGet(post.id));
  });

  it('renders the markdown once per save: the first reader of the new version renders nothing', async () => {
    const post = (await create({ title: 'Rendered once', content: 'Before the save.' })).json<Post>();
    renders = 0;
    const saved = (
      await update(post, { title: 'Rendered once', content: '## After the save\n\nNew words.' })
    ).json<RenderedPost>();
    expect(renders).toBe(1);

    const page = await t.app.inject({ url: `/blog/${post.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(saved.html);
    const read = await t.app.inject({ url: `/api/blog-posts/${post.slug}` });
    expect(read.json<RenderedPost>().html).toBe(saved.html);
    expect(renders).toBe(1);
  });

  it('keeps the 409 of a stale save, with the post as it now is', async () => {
    const post = (await create({ title: 'Two tabs', content: 'One.' })).json<Post>();
    const first = (await update(post, { title: 'Two tabs', content: 'Two.' })).json<RenderedPost>();
    const stale = await update(post, { title: 'Two tabs', content: 'Three.' });
    expect(stale.statusCode).toBe(409);
    const { current } = stale.json<{ current: Post }>();
    expect(current.content).toBe('Two.');
    expect(current.updatedAt).toBe(first.updatedAt);
  });
});
