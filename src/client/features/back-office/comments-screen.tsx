import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { AdminComment, CommentStatus } from '../../../shared/back-office.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { adminWidth, cx, focusRing } from '../../components/ui/class-names.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath, pagePath } from '../../../shared/routes.ts';
import {
  adminCommentsQuery,
  deleteComment,
  dropRow,
  refreshAfterCommentChange,
  rowsOf,
  statsQuery,
  updateCommentStatus,
} from './api.ts';
import { formatDateTime } from './format.ts';
import { LoadError, LoadMore, ScreenHeader } from './screen-header.tsx';
import { mailtoHref } from '../../lib/mailto.ts';

const TABS: Array<{ status: CommentStatus; label: string; about: string; empty: string }> = [
  {
    status: 'held',
    label: 'Held',
    about: 'Readers do not see these comments until you approve them.',
    empty: 'No comments are waiting for moderation.',
  },
  {
    status: 'published',
    label: 'Published',
    about: 'Comments readers see under your posts.',
    empty: 'No published comments yet.',
  },
  {
    status: 'spam',
    label: 'Spam',
    about: 'Comments marked as spam, by you or by the filters. Readers never see them.',
    empty: 'No spam. Comments caught by the filters show up here.',
  },
];

function statusFrom(value: string | null): CommentStatus {
  return TABS.find((tab) => tab.status === value)?.status ?? 'held';
}

/** `/admin/comments`: held, published and spam comments, each approved, marked as spam or deleted. */
export function CommentsScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const stats = useQuery(statsQuery());

  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Comments">What readers wrote under your posts. Held comments wait for you.</ScreenHeader>
      <Tabs value={status} onValueChange={(next) => setParams({ status: next }, { replace: true })}>
        <TabsList aria-label="Comment status">
          {TABS.map((tab) => {
            const count = stats.data?.comments[tab.status];
            return (
              <TabsTrigger key={tab.status} value={tab.status}>
                {tab.label}
                {/* The count is a glance for the eye; the tab's name stays its status. */}
                {count !== undefined && (
                  <Badge aria-hidden="true" tone={tab.status === 'held' && count > 0 ? 'amber' : 'neutral'}>
                    {count}
                  </Badge>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.status} value={tab.status}>
            <p className="text-sm text-slate-700">{tab.about}</p>
            <CommentList status={tab.status} empty={tab.empty} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function CommentList({ status, empty }: { status: CommentStatus; empty: string }) {
  const comments = useInfiniteQuery(adminCommentsQuery(status));
  const rows = rowsOf(comments.data);
  const listStart = useRef<HTMLDivElement>(null);

  if (comments.isPending) return <Spinner label="Loading comments..." />;
  if (comments.isError) return <LoadError what="the comments" onRetry={() => void comments.refetch()} />;
  return (
    // Focus comes back here when a comment leaves the list, so the keyboard never falls to the page's top.
    <div ref={listStart} tabIndex={-1} className="mt-4 focus:outline-none">
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <ul className="grid gap-4">
            {rows.map((comment) => (
              <li key={comment.id}>
                <CommentCard comment={comment} onGone={() => listStart.current?.focus()} />
              </li>
            ))}
          </ul>
          <LoadMore {...comments} />
        </>
      )}
    </div>
  );
}

const statusToasts: Record<CommentStatus, { title: string; description: string }> = {
  published: { title: 'Comment approved', description: 'Readers can see it now.' },
  spam: { title: 'Marked as spam', description: 'Readers will not see this comment.' },
  held: { title: 'Comment held', description: 'Readers will not see it until you approve it.' },
};

function CommentCard({ comment, onGone }: { comment: AdminComment; onGone: () => void }) {
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = `comment-${comment.id}`;

  const afterChange = async () => {
    dropRow(queryClient, [apiPath.adminComments], comment.id);
    onGone();
    await refreshAfterCommentChange(queryClient, comment.postId);
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  const setStatus = useMutation({
    mutationFn: (next: CommentStatus) => updateCommentStatus(comment.id, next),
    onSuccess: async (updated) => {
      toast(statusToasts[updated.status]);
      await afterChange();
    },
    onError: failed('Failed to update comment'),
  });
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.id),
    onSuccess: async () => {
      toast({ title: 'Comment deleted', description: 'The comment has been deleted.' });
      await afterChange();
    },
    onError: failed('Failed to delete comment'),
  });
  const busy = setStatus.isPending || remove.isPending;

  return (
    <Card as="article" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-semibold wrap-anywhere text-slate-900">
          {comment.author}
        </h2>
        <a
          href={mailtoHref(comment.email)}
          className={cx('rounded text-sm wrap-anywhere text-blue-800 hover:underline', focusRing)}
        >
          {comment.email}
        </a>
        <time dateTime={comment.createdAt} className="text-sm text-slate-700">
          {formatDateTime(comment.createdAt)}
        </time>
      </header>
      <p className="mt-1 text-sm text-slate-700">
        On{' '}
        <Link
          href={pagePath.post(comment.postSlug)}
          className={cx('rounded font-medium text-blue-800 hover:underline', focusRing)}
        >
          {comment.postTitle}
        </Link>
      </p>
      {/* Plain text, as the visitor typed it: React escapes it, nothing is rendered as HTML. */}
      <p className="mt-3 whitespace-pre-line wrap-anywhere text-slate-800">{comment.content}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {comment.status !== 'published' && (
          <Button size="sm" disabled={busy} onClick={() => setStatus.mutate('published')}>
            Approve
          </Button>
        )}
        {comment.status !== 'spam' && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setStatus.mutate('spam')}>
            Mark as spam
          </Button>
        )}
        <Button variant="danger-outline" size="sm" disabled={busy} onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this comment?"
        description={`The comment by ${comment.author} will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
