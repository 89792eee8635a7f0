import { defaultSite } from '../content/site.ts';
import { describe, expect, it } from 'vitest';
import type { RenderedPost } from '../shared/posts.ts';
import { blogViewQuery } from './features/blog/api.ts';
import { commentsQuery } from './features/comments/api.ts';
import { latestPostsQuery } from './features/home/api.ts';
import { postQuery, previewQuery } from './features/post/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { SsrDataSource } from '../shared/pages.ts';
import { resolveRoute } from './ssr-data.ts';

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
    site: () => Promise.resolve(defaultSite),
    latestCards: () => Promise.resolve([]),
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
    const cached = client.getQueryData<RenderedPost>(previewQuery(TOKEN).queryKey);
    expect(cached).toMatchObject({ id: draft.id, title: draft.title, html: draft.html });
    // The page shows the rendered body and never hydrates it: the post is not sent again.
    expect(route.islandData).toEqual([]);
    // No comments section on a preview, so none are loaded.
    expect(data.commentsAsked).toEqual([]);
  });

  it('answers 404 with a page of its own for a token that is refused', async () => {
    const client = createQueryClient();
    const route = await resolveRoute({ pathname: `/preview/${TOKEN}x`, search: '' }, client, source(), SITE_URL);
    expect(route.status).toBe(404);
    expect(route.meta).toMatchObject({ title: 'Preview Not Available', noindex: true });
    expect(client.getQueryData(previewQuery(`${TOKEN}x`).queryKey)).toBeNull();
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
    expect(client.getQueryData(postQuery('café').queryKey)).toBeNull();
  });
});

describe('resolveRoute prefetches under the keys the pages query', () => {
  // The keys are also the addresses the default loader GETs (lib/query-client.ts), and the state the
  // browser hydrates is stored under them: a change here is a refetch on every first visit.
  it('the home page: the latest posts', async () => {
    const client = createQueryClient();
    await resolveRoute(
      { pathname: '/', search: '' },
      client,
      { ...source(), latestCards: () => Promise.resolve([draft]) },
      SITE_URL,
    );
    expect(latestPostsQuery().queryKey).toEqual(['/api/blog-posts?published=true&limit=3']);
    expect(client.getQueryData(latestPostsQuery().queryKey)).toMatchObject([{ id: draft.id }]);
  });

  it('a view of /blog: the view the address asks for', async () => {
    const client = createQueryClient();
    await resolveRoute({ pathname: '/blog', search: '?category=Future+Leaders&page=2' }, client, source(), SITE_URL);
    const view = { category: 'Future Leaders', page: 2, q: '' } as const;
    expect(blogViewQuery(view).queryKey).toEqual(['/api/blog-view?category=Future+Leaders&page=2']);
    expect(client.getQueryData(blogViewQuery(view).queryKey)).toMatchObject({ total: 0 });
  });

  it('a post: the post by its encoded slug, and its comments', async () => {
    const client = createQueryClient();
    const data = { ...source(), getPostBySlug: (slug: string) => Promise.resolve(slug === 'café' ? draft : undefined) };
    const route = await resolveRoute({ pathname: '/blog/caf%C3%A9', search: '' }, client, data, SITE_URL);
    expect(route.status).toBe(200);
    expect(postQuery('café').queryKey).toEqual(['/api/blog-posts', 'caf%C3%A9']);
    expect(client.getQueryData(postQuery('café').queryKey)).toMatchObject({ id: draft.id });
    expect(commentsQuery(draft.id).queryKey).toEqual([`/api/blog-posts/${draft.id}/comments`]);
    expect(client.getQueryData(commentsQuery(draft.id).queryKey)).toEqual([]);
  });
});

describe('resolveRoute of /saved', () => {
  it('is a page of its own, never indexed, that sends no data: its list is in the browser', async () => {
    const route = await resolveRoute({ pathname: '/saved', search: '' }, createQueryClient(), source(), SITE_URL);
    expect(route.status).toBe(200);
    expect(route.meta).toMatchObject({ title: `Saved for offline | ${defaultSite.profile.name}`, noindex: true, path: '/saved' });
    expect(route.islandData).toEqual([]);
  });
});
