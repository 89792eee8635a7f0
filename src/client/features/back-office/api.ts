import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
// Types only: the answers are validated by the server's response schemas, and zod stays out of
// the admin's chunks.
import type { AdminComment, AdminMessage, AdminPostRow, CommentStatus, PostStatus, Stats } from '../../../shared/back-office.ts';
import type { OldAddressList } from '../../../shared/backup.ts';
import type { PasskeySummary, RecoveryCodes, SecurityOverview } from '../../../shared/security.ts';
import type { SiteDocument, SiteRevision } from '../../../shared/site.ts';
import type { SubscriberList, SubscriberStatus } from '../../../shared/subscribers.ts';
import { apiRequest } from '../../lib/api.ts';
import { apiPath, searchString } from '../../../shared/routes.ts';

/** Rows per request of every back-office list; `Load more` asks for the next ones. */
const ADMIN_LIST_PAGE_SIZE = 20;
/** The dashboard's chart and the navigation's counts cover the last 30 days (DESIGN.md). */
export const STATS_WINDOW_DAYS = 30;

async function getJson<T>(url: string): Promise<T> {
  return (await apiRequest('GET', url)).json() as Promise<T>;
}

/**
 * Every list is newest first and pages with `before`, the time of the last row seen. The author
 * expects what another tab or a visitor just did: the screens refetch whenever they open.
 */
interface Cursor {
  before?: string;
  /** Orders rows of the same millisecond, so none is skipped between pages. */
  beforeId?: string;
}

function pagedList<Row extends { id: string }, Key extends readonly unknown[]>(
  queryKey: Key,
  url: (cursor: Cursor) => string,
  timeOf: (row: Row) => string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getJson<Row[]>(url(pageParam)),
    initialPageParam: {} as Cursor,
    getNextPageParam: (lastPage: Row[]): Cursor | undefined => {
      const last = lastPage.at(-1);
      return !last || lastPage.length < ADMIN_LIST_PAGE_SIZE ? undefined : { before: timeOf(last), beforeId: last.id };
    },
    staleTime: 0,
  });
}

/** The rows of all loaded pages, each once (a row can move between pages while the author works). */
export function rowsOf<Row extends { id: string }>(data: InfiniteData<Row[]> | undefined): Row[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flat().filter((row) => !seen.has(row.id) && seen.add(row.id));
}

export const statsQuery = (days = STATS_WINDOW_DAYS) =>
  queryOptions({
    queryKey: [apiPath.adminStats, { days }],
    queryFn: () => getJson<Stats>(`${apiPath.adminStats}${searchString({ days })}`),
    staleTime: 0,
    // The unread count in the navigation follows messages that arrive while the author is away.
    refetchOnWindowFocus: true,
  });

export const adminCommentsQuery = (status: CommentStatus) =>
  pagedList(
    [apiPath.adminComments, { status }] as const,
    (cursor) => `${apiPath.adminComments}${searchString({ status, limit: ADMIN_LIST_PAGE_SIZE, ...cursor })}`,
    (comment: AdminComment) => comment.createdAt,
  );

export const adminMessagesQuery = (unreadOnly: boolean) =>
  pagedList(
    [apiPath.adminMessages, { unreadOnly }] as const,
    (cursor) =>
      `${apiPath.adminMessages}${searchString({ unread: unreadOnly ? 'true' : undefined, limit: ADMIN_LIST_PAGE_SIZE, ...cursor })}`,
    (message: AdminMessage) => message.createdAt,
  );

export interface PostsFilter {
  status?: PostStatus;
  q?: string;
}

export const adminPostsQuery = ({ status, q }: PostsFilter) =>
  pagedList(
    [apiPath.adminPosts, { status, q }] as const,
    (cursor) => `${apiPath.adminPosts}${searchString({ status, q, limit: ADMIN_LIST_PAGE_SIZE, ...cursor })}`,
    // The posts table is ordered by the last change, so it pages by it too.
    (post: AdminPostRow) => post.updatedAt,
  );

export async function updateCommentStatus(id: string, status: CommentStatus): Promise<AdminComment> {
  return (await apiRequest('PATCH', apiPath.adminComment(id), { status })).json() as Promise<AdminComment>;
}

export async function deleteComment(id: string): Promise<void> {
  await apiRequest('DELETE', apiPath.adminComment(id));
}

export async function markMessageRead(id: string, read: boolean): Promise<AdminMessage> {
  return (await apiRequest('PATCH', apiPath.adminMessage(id), { read })).json() as Promise<AdminMessage>;
}

export async function deleteMessage(id: string): Promise<void> {
  await apiRequest('DELETE', apiPath.adminMessage(id));
}

export async function deletePost(id: string): Promise<void> {
  await apiRequest('DELETE', apiPath.post(id));
}

/** Takes a row out of every loaded page of the lists under `queryKey`, before the refetch lands. */
export function dropRow(client: QueryClient, queryKey: readonly unknown[], id: string): void {
  client.setQueriesData<InfiniteData<Array<{ id: string }>>>({ queryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((row) => row.id !== id)) } : data,
  );
}

/** Puts a changed row in place in every loaded page of the lists under `queryKey`. */
export function replaceRow<Row extends { id: string }>(client: QueryClient, queryKey: readonly unknown[], row: Row): void {
  client.setQueriesData<InfiniteData<Row[]>>({ queryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.map((old) => (old.id === row.id ? row : old))) } : data,
  );
}

/** A comment changed: its lists, the counts, the post's public comments and the posts table. */
export function refreshAfterCommentChange(client: QueryClient, postId: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: [apiPath.adminComments] }),
    client.invalidateQueries({ queryKey: [apiPath.adminStats] }),
    client.invalidateQueries({ queryKey: [apiPath.adminPosts] }),
    client.invalidateQueries({ queryKey: [apiPath.comments(postId)] }),
  ]);
}

export function refreshAfterMessageChange(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: [apiPath.adminMessages] }),
    client.invalidateQueries({ queryKey: [apiPath.adminStats] }),
  ]);
}

/** A post is gone: the back office's lists and counts, and every cached reader's list of posts. */
export function refreshAfterPostDeleted(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: [apiPath.adminPosts] }),
    client.invalidateQueries({ queryKey: [apiPath.adminStats] }),
    client.invalidateQueries({ queryKey: [apiPath.adminComments] }),
    client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(apiPath.posts) }),
  ]);
}

/** The saved versions of the site document, newest first (`/admin/site`'s History). */
export const siteRevisionsQuery = () =>
  queryOptions({
    queryKey: [apiPath.siteRevisions],
    queryFn: () => getJson<SiteRevision[]>(apiPath.siteRevisions),
    staleTime: 0,
  });

/** Saves the whole site document; the answer is what was saved (trimmed by the schema). */
export async function saveSite(document: SiteDocument): Promise<SiteDocument> {
  return (await apiRequest('PUT', apiPath.adminSite, document)).json() as Promise<SiteDocument>;
}

/** Makes a saved version the site's current one (saved again, as the newest version). */
export async function restoreSiteRevision(id: string): Promise<SiteDocument> {
  return (await apiRequest('POST', apiPath.siteRevisionRestore(id))).json() as Promise<SiteDocument>;
}

/** Old addresses of imported posts, each answered 301 to its post (DESIGN.md "your data is yours"). */
export const oldAddressesQuery = () =>
  queryOptions({
    queryKey: [apiPath.oldAddresses],
    queryFn: () => getJson<OldAddressList>(apiPath.oldAddresses),
    staleTime: 0,
  });

/** `/admin/subscribers`: a view of the list (status, search), SUBSCRIBERS_PAGE at a time. */
export const subscribersQuery = (view: { status?: SubscriberStatus; q?: string }) =>
  infiniteQueryOptions({
    queryKey: [apiPath.adminSubscribers, view],
    queryFn: ({ pageParam }) =>
      getJson<SubscriberList>(
        `${apiPath.adminSubscribers}${searchString({ status: view.status, q: view.q, offset: pageParam || undefined })}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last: SubscriberList, pages: SubscriberList[]) => {
      const shown = pages.reduce((sum, page) => sum + page.subscribers.length, 0);
      return shown < last.total && last.subscribers.length > 0 ? shown : undefined;
    },
    staleTime: 0,
  });

export const removeSubscriber = (id: string) => apiRequest('DELETE', apiPath.adminSubscriber(id));

/** Every view of the subscribers (any status, any search) after one changed. */
export const refreshSubscribers = (client: QueryClient) => client.invalidateQueries({ queryKey: [apiPath.adminSubscribers] });

/** `/admin/security`: whether passkeys can work here, the passkeys, the codes left, the requirement. */
export const securityQuery = () =>
  queryOptions({
    queryKey: [apiPath.adminSecurity],
    queryFn: () => getJson<SecurityOverview>(apiPath.adminSecurity),
    staleTime: 0,
  });

export const setPasskeyRequired = async (required: boolean) =>
  (await apiRequest('PUT', apiPath.adminRequirePasskey, { required })).json() as Promise<SecurityOverview>;

export const removePasskey = (id: string) => apiRequest('DELETE', apiPath.adminPasskey(id));

/** A new set of recovery codes, shown once; the old set stops working. */
export const newRecoveryCodes = async () =>
  ((await apiRequest('POST', apiPath.adminRecoveryCodes)).json() as Promise<RecoveryCodes>).then(({ codes }) => codes);

export const addPasskey = async (name: string, response: unknown) =>
  (await apiRequest('POST', apiPath.adminPasskeys, { name, response })).json() as Promise<PasskeySummary>;

export const refreshSecurity = (client: QueryClient) => client.invalidateQueries({ queryKey: securityQuery().queryKey });
