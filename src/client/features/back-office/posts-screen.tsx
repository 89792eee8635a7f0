import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { AdminPostRow, PostStatus } from '../../../shared/back-office.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { adminWidth, cx, focusRing } from '../../components/ui/class-names.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { errorMessage } from '../../lib/api.ts';
import { newslettersQuery, sendingOf } from '../../lib/newsletter.ts';
import { toast } from '../../lib/toast.ts';
import { sendingSummary } from '../../../shared/subscribers.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { apiPath, pagePath } from '../../../shared/routes.ts';
import { adminPostsQuery, deletePost, dropRow, refreshAfterPostDeleted, rowsOf } from './api.ts';
import { formatDateTime } from './format.ts';
import { LoadError, LoadMore, ScreenHeader } from './screen-header.tsx';

const SEARCH_DEBOUNCE_MS = 300;

const postStatusLabels: Record<PostStatus, { label: string; tone: BadgeTone }> = {
  published: { label: 'Published', tone: 'green' },
  draft: { label: 'Draft', tone: 'neutral' },
  scheduled: { label: 'Scheduled', tone: 'amber' },
};
const STATUS_FILTERS: Array<PostStatus | undefined> = [undefined, 'published', 'draft', 'scheduled'];

function statusFrom(value: string | null): PostStatus | undefined {
  return value && Object.hasOwn(postStatusLabels, value) ? (value as PostStatus) : undefined;
}

/**
 * `/admin/posts`: every post, newest change first, filtered by status and searched. The status
 * lives in the address (`?status=draft`), so the dashboard's counts link into it.
 */
/** A cell of a row shown as a card on a phone: its column's name above its value. */
const cardCell =
  'max-sm:block max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)]';

export function PostsScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const [searchInput, setSearchInput] = useState('');
  const term = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [toDelete, setToDelete] = useState<AdminPostRow | null>(null);
  const queryClient = useQueryClient();

  const newsletters = useQuery(newslettersQuery());

  const posts = useInfiniteQuery(adminPostsQuery({ status, q: term || undefined }));
  const rows = rowsOf(posts.data);

  const remove = useMutation({
    mutationFn: (post: AdminPostRow) => deletePost(post.id),
    onSuccess: async (_result, post) => {
      dropRow(queryClient, [apiPath.adminPosts], post.id);
      toast({ title: 'Post deleted', description: `"${post.title}" and its comments have been deleted.` });
      await refreshAfterPostDeleted(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Failed to delete post',
        description: errorMessage(error, 'There was an error deleting your post.'),
        variant: 'destructive',
      });
    },
  });

  const chooseStatus = (next: PostStatus | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });

  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Posts">Every post, the latest change first.</ScreenHeader>

      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
          {STATUS_FILTERS.map((value) => {
            const pressed = value === status;
            return (
              <button
                key={value ?? 'all'}
                type="button"
                aria-pressed={pressed}
                onClick={() => chooseStatus(value)}
                className={cx(
                  'rounded-full border px-4 py-1.5 text-sm font-medium',
                  focusRing,
                  pressed
                    ? 'border-blue-700 bg-blue-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
                )}
              >
                {value ? postStatusLabels[value].label : 'All'}
              </button>
            );
          })}
        </div>
        <form role="search" aria-label="Posts" onSubmit={(event) => event.preventDefault()} className="md:w-80">
          <SearchInput
            label="Search posts"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder="Search posts..."
            maxLength={LIMITS.search}
          />
        </form>
      </div>

      <div className="mt-6">
        {posts.isPending ? (
          <Spinner label="Loading posts..." />
        ) : posts.isError ? (
          <LoadError what="the posts" onRetry={() => void posts.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState>
            {term
              ? `No posts found for "${term}".`
              : status
                ? `No ${postStatusLabels[status].label.toLowerCase()} posts.`
                : 'No posts yet.'}
          </EmptyState>
        ) : (
          <>
            {/* Under 640 px each row is a card: the columns' names show beside their values. */}
            <Table label="Posts" className="max-sm:block">
              <THead className="max-sm:sr-only">
                <Tr>
                  <Th>Title</Th>
                  <Th>Status</Th>
                  <Th>Updated</Th>
                  <Th className="text-right">Views</Th>
                  <Th className="text-right">Comments</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </Tr>
              </THead>
              <TBody className="max-sm:block">
                {rows.map((post) => (
                  <Tr key={post.id} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:p-4">
                    <Td className="min-w-48 max-sm:col-span-2 max-sm:min-w-0 max-sm:p-0">
                      <Link
                        href={pagePath.post(post.slug)}
                        className={cx('wrap-anywhere rounded font-medium text-blue-800 hover:underline', focusRing)}
                      >
                        {post.title}
                      </Link>
                    </Td>
                    <Td className={cx('whitespace-nowrap', cardCell)} data-label="Status">
                      <Badge tone={postStatusLabels[post.status].tone}>{postStatusLabels[post.status].label}</Badge>
                      {/* When it goes out, on the author's own clock (the editor's `Publish at` shows the zone). */}
                      {post.status === 'scheduled' && post.publishAt && (
                        <span className="mt-1 block text-xs text-slate-700">
                          <time dateTime={post.publishAt}>{formatDateTime(post.publishAt)}</time>
                        </span>
                      )}
                      {sendingOf(newsletters.data, post.id) && (
                        <span className="mt-1 block text-xs text-slate-700">
                          {sendingSummary(sendingOf(newsletters.data, post.id)!)}
                        </span>
                      )}
                    </Td>
                    <Td className={cx('whitespace-nowrap', cardCell)} data-label="Updated">
                      <time dateTime={post.updatedAt}>{formatDateTime(post.updatedAt)}</time>
                    </Td>
                    <Td className={cx('text-right tabular-nums max-sm:text-left', cardCell)} data-label="Views">
                      {post.views}
                    </Td>
                    <Td className={cx('text-right tabular-nums max-sm:text-left', cardCell)} data-label="Comments">
                      {post.comments}
                    </Td>
                    <Td className="max-sm:col-span-2 max-sm:p-0">
                      <div className="flex justify-end gap-2 max-sm:justify-start">
                        <ButtonLink
                          href={pagePath.edit(post.id)}
                          variant="secondary"
                          size="sm"
                          className="max-sm:min-h-11 max-sm:px-5"
                        >
                          Edit
                        </ButtonLink>
                        <Button
                          variant="danger-outline"
                          size="sm"
                          className="max-sm:min-h-11 max-sm:px-5"
                          disabled={remove.isPending && remove.variables?.id === post.id}
                          onClick={() => setToDelete(post)}
                        >
                          Delete
                        </Button>
                      </div>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <LoadMore {...posts} />
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this post?"
        description={`"${toDelete?.title ?? ''}" and all of its comments will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
