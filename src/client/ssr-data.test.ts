import { describe, expect, it } from 'vitest';
import type { RenderedPost } from '../shared/posts.ts';
import { postQueryKey, previewQueryKey } from './features/post/post-query.ts';
import { createQueryClient } from './lib/query-client.ts';
import { resolveRoute, type SsrDataSource } from './ssr-data.ts';

const SITE_URL = 'https://example.org';
const TOKEN = 'eyJwIjoiMSJ9.c2lnbmF0dXJl';

const draft: RenderedPost = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Not out yet',
  slug: 'not-out-yet',
  content: 'x'.repeat(5000),
  html: '<p>The whole body.</p>',
  tags: [],
  published: false,
  metadata: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

/** A data source that opens one token and knows no post by slug. */
function source(): SsrDataSource & { commentsAsked: string[] } {
  const commentsAsked: string[] = [];
  return {
    commentsAsked,
    listPublishedPosts: () => Promise.resolve([]),
    blogView: () => Promise.resolve({ posts: [], total: 0, page: 1, pageCount: 0 }),
    getPostBySlug: () => Promise.resolve(undefined),
    listComments: (postId) => {
      commentsAsked.push(postId);
      return Promise.resolve([]);
    },
    getPreview: (token) => Promise.resolve(token === TOKEN ? draft : undefined),
  };
}

describe('resolveRoute of /preview/<token>', () => {
  it('puts the previewed post in the cache and keeps the page out of search engines', async () => {
    const client = createQueryClient();
    const data = source();
    const route = await resolveRoute({ pathname: `/preview/${TOKEN}`, search: '' }, client, data, SITE_URL);
    expect(route.status).toBe(200);
    expect(route.meta).toMatchObject({ noindex: true, nofollow: true, path: `/preview/${TOKEN}` });
    const cached = client.getQueryData<RenderedPost>(previewQueryKey(TOKEN));
    expect(cached).toMatchObject({ id: draft.id, title: draft.title, html: draft.html });
    // The page shows the rendered body: the markdown does not travel twice.
    expect(cached!.content.length).toBeLessThan(draft.content.length);
    // No comments section on a preview, so none are loaded.
    expect(data.commentsAsked).toEqual([]);
  });

  it('answers 404 with a page of its own for a token that is refused', async () => {
    const client = createQueryClient();
    const route = await resolveRoute({ pathname: `/preview/${TOKEN}x`, search: '' }, client, source(), SITE_URL);
    expect(route.status).toBe(404);
    expect(route.meta).toMatchObject({ title: 'Preview Not Available', noindex: true });
    expect(client.getQueryData(previewQueryKey(`${TOKEN}x`))).toBeNull();
  });

  it('does not take a longer path for a preview', async () => {
    const route = await resolveRoute({ pathname: `/preview/${TOKEN}/more`, search: '' }, createQueryClient(), source(), SITE_URL);
    expect(route.status).toBe(404);
    expect(route.meta.title).toBe('404 Page Not Found');
  });
});

describe('resolveRoute of /blog/<slug>', () => {
  it('still reads the slug decoded', async () => {
    const client = createQueryClient();
    const route = await resolveRoute({ pathname: '/blog/caf%C3%A9', search: '' }, client, source(), SITE_URL);
    expect(route.status).toBe(404);
    expect(client.getQueryData(postQueryKey('café'))).toBeNull();
  });
});
