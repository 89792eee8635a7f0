import { QueryClient, QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderedPost } from '../../../shared/posts.ts';
import { apiPath } from '../../../shared/routes.ts';
import { editorPostQuery, keepSavedPost, revisionsQuery } from './api.ts';

const POST_ID = '8d3f4c2a-1b7e-4f6a-9c1d-2e3f4a5b6c7d';
const OTHER_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const rendered = (overrides: Partial<RenderedPost> = {}): RenderedPost => ({
  id: POST_ID,
  title: 'Coding clubs',
  slug: 'coding-clubs',
  content: '## Clubs\n\nText.',
  tags: [],
  published: false,
  metadata: {},
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  html: '<h2 id="clubs">Clubs</h2>\n<p>Text.</p>',
  ...overrides,
});

/** A cache like the app's, whose loader records what it is asked for instead of calling the server. */
function cacheWithLoader() {
  const fetched: string[] = [];
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }: { queryKey: QueryKey }) => {
          fetched.push(queryKey.join('/'));
          return String(queryKey[0]).endsWith('/revisions') ? [] : rendered();
        },
        retry: false,
        staleTime: Infinity,
      },
    },
  });
  return { client, fetched };
}

const unsubscribers: (() => void)[] = [];
afterEach(() => unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe()));

/** Mounts a query as a screen would (an active query is refetched when invalidated). */
function show<T>(client: QueryClient, options: QueryObserverOptions<T>) {
  unsubscribers.push(new QueryObserver(client, options).subscribe(() => undefined));
}

describe('the editor cache after a save', () => {
  // The editor refetched the post it had just saved (every query under /api/blog-posts was
  // invalidated, its own included), though the save answered it.
  it('takes the saved post from the answer, fetches it not again, and refreshes the rest', async () => {
    const { client, fetched } = cacheWithLoader();
    const loaded = rendered();
    client.setQueryData(editorPostQuery(POST_ID).queryKey, loaded);
    client.setQueryData(revisionsQuery(POST_ID).queryKey, []);
    client.setQueryData(revisionsQuery(OTHER_ID).queryKey, []);
    show(client, editorPostQuery(POST_ID));
    show(client, revisionsQuery(POST_ID));
    // What the screens loaded when shown (History asks on every showing) is not the save's doing.
    await vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
    fetched.length = 0;

    const saved = rendered({ content: '## Clubs\n\nMore text.', updatedAt: '2026-01-05T11:00:00.000Z' });
    await keepSavedPost(client, saved, true);

    expect(client.getQueryData(editorPostQuery(POST_ID).queryKey)).toEqual(saved);
    expect(client.getQueryState(editorPostQuery(POST_ID).queryKey)?.isInvalidated).toBe(false);
    // The History list on screen is asked again (the save is a new revision); lists not shown are
    // only marked, to load when next shown.
    expect(fetched).toEqual([apiPath.revisions(POST_ID)]);
    expect(client.getQueryState(revisionsQuery(OTHER_ID).queryKey)?.isInvalidated).toBe(true);
  });

  it('keeps no editor entry for a post the editor leaves', async () => {
    const { client, fetched } = cacheWithLoader();
    await keepSavedPost(client, rendered({ published: true }), false);
    expect(client.getQueryState(editorPostQuery(POST_ID).queryKey)).toBeUndefined();
    expect(fetched).toEqual([]);
  });
});
