import { queryOptions } from '@tanstack/react-query';
import type { NewsletterSending, NewsletterSendingList } from '../../shared/subscribers.ts';
import { apiPath } from '../../shared/routes.ts';
import { apiRequest } from './api.ts';

/**
 * Whether the site sends a newsletter, and each post's sending (`Sent N of M`): read by the
 * editor (its `Send to subscribers`), `/admin/posts` and the dashboard. The author's only.
 */
export const newslettersQuery = () =>
  queryOptions({
    queryKey: [apiPath.adminNewsletters],
    queryFn: async () => (await (await apiRequest('GET', apiPath.adminNewsletters)).json()) as NewsletterSendingList,
    staleTime: 0,
    // A sending in progress moves on while the author looks.
    refetchInterval: (query) => (query.state.data?.sendings.some((sending) => sending.state === 'sending') ? 5_000 : false),
  });

/** The sending of `postId`, if the post was sent. */
export const sendingOf = (list: NewsletterSendingList | undefined, postId: string | undefined): NewsletterSending | undefined =>
  postId ? list?.sendings.find((sending) => sending.postId === postId) : undefined;
