import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ChevronDown } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { AdminMessage } from '../../../shared/back-office.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { adminWidth, cx, focusRing } from '../../components/ui/class-names.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';
import {
  adminMessagesQuery,
  deleteMessage,
  dropRow,
  markMessageRead,
  refreshAfterMessageChange,
  replaceRow,
  rowsOf,
  statsQuery,
} from './api.ts';
import { formatDateTime, replyHref } from './format.ts';
import { LoadError, LoadMore, ScreenHeader } from './screen-header.tsx';
import { mailtoHref } from '../../lib/mailto.ts';

/** `/admin/messages`: the contact form's inbox, newest first; opening a message marks it read. */
export function MessagesScreen() {
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === 'true';
  const messages = useInfiniteQuery(adminMessagesQuery(unreadOnly));
  const rows = rowsOf(messages.data);
  const listStart = useRef<HTMLDivElement>(null);

  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Messages">What visitors sent through the contact form, newest first.</ScreenHeader>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {[false, true].map((value) => (
          <button
            key={String(value)}
            type="button"
            aria-pressed={unreadOnly === value}
            onClick={() => setParams(value ? { unread: 'true' } : {}, { replace: true })}
            className={cx(
              'rounded-full border px-4 py-1.5 text-sm font-medium',
              focusRing,
              unreadOnly === value
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
            )}
          >
            {value ? 'Unread' : 'All messages'}
          </button>
        ))}
      </div>

      <div ref={listStart} tabIndex={-1} className="mt-6 focus:outline-none">
        {messages.isPending ? (
          <Spinner label="Loading messages..." />
        ) : messages.isError ? (
          <LoadError what="the messages" onRetry={() => void messages.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState>{unreadOnly ? 'No unread messages.' : 'No messages yet.'}</EmptyState>
        ) : (
          <>
            <ul className="grid gap-3">
              {rows.map((message) => (
                <li key={message.id}>
                  <MessageItem message={message} onGone={() => listStart.current?.focus()} />
                </li>
              ))}
            </ul>
            <LoadMore {...messages} />
          </>
        )}
      </div>
    </div>
  );
}

function MessageItem({ message, onGone }: { message: AdminMessage; onGone: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const unread = message.readAt === null;
  const panelId = `message-${message.id}`;
  const subject = message.subject?.trim() || '(no subject)';

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  const setRead = useMutation({
    mutationFn: (read: boolean) => markMessageRead(message.id, read),
    onSuccess: async (updated, read) => {
      replaceRow(queryClient, [apiPath.adminMessages], updated);
      if (read) {
        // Only the count: the message stays where the author is reading it, even in `Unread`.
        await queryClient.invalidateQueries({ queryKey: statsQuery().queryKey });
      } else {
        toast({ title: 'Marked as unread', description: `The message from ${message.name} is unread again.` });
        await refreshAfterMessageChange(queryClient);
      }
    },
    onError: failed('Failed to update message'),
  });
  const remove = useMutation({
    mutationFn: () => deleteMessage(message.id),
    onSuccess: async () => {
      dropRow(queryClient, [apiPath.adminMessages], message.id);
      onGone();
      toast({ title: 'Message deleted', description: `The message from ${message.name} has been deleted.` });
      await refreshAfterMessageChange(queryClient);
    },
    onError: failed('Failed to delete message'),
  });

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    if (opening && unread && !setRead.isPending) setRead.mutate(true);
  };

  return (
    <Card as="article" padding="none" aria-label={`Message from ${message.name}: ${subject}`}>
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          // Like a mail client: who and when on the first line, the subject under them.
          className={cx(
            'grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-xl p-4 text-left hover:bg-slate-50',
            focusRing,
          )}
        >
          <span className="flex min-w-0 items-center gap-2">
            {unread && <Badge tone="blue">New</Badge>}
            <span className={cx('wrap-anywhere text-slate-900', unread ? 'font-bold' : 'font-medium')}>{message.name}</span>
          </span>
          <span className="flex items-center gap-2">
            <time dateTime={message.createdAt} className="text-sm font-normal text-slate-700">
              {formatDateTime(message.createdAt)}
            </time>
            <ChevronDown
              aria-hidden="true"
              className={cx('h-4 w-4 shrink-0 text-slate-600 transition-transform', open && 'rotate-180')}
            />
          </span>
          <span className={cx('col-span-2 wrap-anywhere', unread ? 'font-bold text-slate-900' : 'text-slate-700')}>
            {subject}
          </span>
        </button>
      </h2>
      {open && (
        <div id={panelId} className="border-t border-slate-200 p-4">
          <p className="text-sm text-slate-700">
            From {message.name} &lt;
            <a
              href={mailtoHref(message.email)}
              className={cx('rounded wrap-anywhere text-blue-800 underline underline-offset-2', focusRing)}
            >
              {message.email}
            </a>
            &gt;
          </p>
          {/* Plain text, as the visitor typed it. */}
          <p className="mt-3 whitespace-pre-line wrap-anywhere text-slate-800">{message.message}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={replyHref(message.email, message.subject)} className={buttonClasses({ size: 'sm' })}>
              Reply
            </a>
            <Button
              variant="secondary"
              size="sm"
              disabled={setRead.isPending || remove.isPending}
              onClick={() => {
                setOpen(false);
                setRead.mutate(false);
              }}
            >
              Mark as unread
            </Button>
            <Button variant="danger-outline" size="sm" disabled={remove.isPending} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this message?"
        description={`The message from ${message.name} will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
