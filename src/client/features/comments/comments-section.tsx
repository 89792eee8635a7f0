import { MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { commentThreads, type CommentNode } from '../../../shared/comment-threads.ts';
import type { Comment, PostedComment } from '../../../shared/comments.ts';
import { COMMENT_TEXTS, HONEYPOT_FIELD, PAGE_FIELD, VISITOR_FORMS } from '../../../shared/form-outcome.ts';
import { FormOutcomeNotice } from '../../components/form-outcome-notice.tsx';
import { FormField, Honeypot } from '../../components/visitor-form-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { formatShortDate } from '../../lib/format.ts';
import { formFields } from '../../lib/form-fields.ts';
import { useFormOutcome } from '../../lib/form-outcome.ts';
import { useNavigation } from '../../lib/navigation.tsx';
import { useRequiredFields } from '../../lib/required-fields.tsx';
import { usePageData } from '../../lib/page-data.tsx';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';
import { avatarPalette, initials } from '../../lib/avatar.ts';
import { commentsQuery } from './api.ts';

const FIELDS = [...VISITOR_FORMS.comment.fields, HONEYPOT_FIELD] as const;
const REQUIRED = {
  author: 'Write your name here.',
  email: 'Write your e-mail address here. It is never published.',
  content: 'Write your comment here.',
} as const;

async function fetchComments(postId: string): Promise<Comment[] | undefined> {
  try {
    return (await (await apiRequest('GET', apiPath.comments(postId))).json()) as Comment[];
  } catch {
    return undefined;
  }
}

/**
 * The list and the form of SPEC.md section 2. A reading page brings the comments with it; in the
 * author's app they are requested once the post is known. Plain state and fetch rather than the
 * query library: it is an island of the post page, whose first script stays under 80 KB gzip. The
 * fields are the browser's until submit (lib/form-fields.ts). Without script the form is a plain
 * POST, answered 303 back to the post, which shows the outcome here and gives back what was typed
 * on a failure.
 */
export function CommentsSection({ postId }: { postId: string }) {
  const { path } = useNavigation();
  const outcome = useFormOutcome('comment');
  const prefetched = usePageData<Comment[]>(commentsQuery(postId).queryKey);
  const [comments, setComments] = useState(prefetched);
  const [posting, setPosting] = useState(false);
  // As in the contact form: the page's outcome shows until the next send, its typed text stays
  // the fields' default until a send succeeds.
  const [noticeShown, setNoticeShown] = useState(true);
  const [refilled, setRefilled] = useState(true);
  const typed = refilled ? outcome?.fields : undefined;
  const required = useRequiredFields(REQUIRED, 'light');

  const reload = useCallback(async () => {
    const latest = await fetchComments(postId);
    // A failed reload keeps what is shown; a first load that fails shows the empty state.
    setComments((current) => latest ?? current ?? []);
  }, [postId]);

  useEffect(() => {
    if (prefetched !== undefined) return;
    let active = true;
    void fetchComments(postId).then((latest) => {
      if (active) setComments(latest ?? []);
    });
    return () => {
      active = false;
    };
  }, [prefetched, postId]);

  const send = async (form: HTMLFormElement, input: unknown) => {
    setPosting(true);
    try {
      const posted = (await (await apiRequest('POST', apiPath.comments(postId), input)).json()) as Partial<PostedComment>;
      setRefilled(false);
      form.reset();
      // DESIGN.md: a held comment waits for the author; readers (this one too) see it once approved.
      if (posted.status === 'held' || posted.status === 'spam') {
        toast(COMMENT_TEXTS.held);
        return;
      }
      toast(COMMENT_TEXTS.sent);
      await reload();
    } catch (error) {
      toast({ ...COMMENT_TEXTS.failed, description: errorMessage(error, COMMENT_TEXTS.failed.description) });
    } finally {
      setPosting(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (posting) return;
    setNoticeShown(false);
    const form = event.currentTarget;
    const { website, ...fields } = formFields(form, FIELDS);
    if (!required.check(form, fields)) {
      toast(COMMENT_TEXTS.missing);
      return;
    }
    // The same schema the server validates with (SPEC.md section 5), loaded only when someone
    // comments: zod stays out of the reader's first download.
    const { commentInputSchema } = await import('../../../shared/comments.ts');
    const parsed = commentInputSchema.safeParse({ ...fields, email: fields.email.trim(), postId });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      toast({ ...COMMENT_TEXTS.failed, description: `${String(issue.path[0] ?? '')}: ${issue.message}` });
      return;
    }
    // The honeypot goes along as it is: the server keeps a filled one as spam (DESIGN.md).
    await send(form, website ? { ...parsed.data, website } : parsed.data);
  };

  return (
    <section
      id={VISITOR_FORMS.comment.section}
      aria-labelledby="comments-heading"
      className="mt-12 scroll-mt-16 border-t border-slate-200 pt-10"
    >
      <h2 id="comments-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <MessageCircle aria-hidden="true" className="h-6 w-6" />
        Comments ({comments?.length ?? 0})
      </h2>

      <form
        method="post"
        action={apiPath.comments(postId)}
        onSubmit={onSubmit}
        noValidate
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5"
      >
        <h3 className="text-lg font-semibold text-slate-900">Leave a comment</h3>
        {outcome && noticeShown && <FormOutcomeNotice outcome={outcome} />}
        <input type="hidden" name={PAGE_FIELD} value={path} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name *" tone="light" error={required.error('author')}>
            <Input
              name="author"
              type="text"
              autoComplete="name"
              maxLength={100}
              defaultValue={typed?.author}
              {...required.field('author')}
            />
          </FormField>
          <FormField label="Email *" tone="light" error={required.error('email')}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={typed?.email}
              {...required.field('email')}
            />
          </FormField>
        </div>
        <FormField label="Comment *" tone="light" error={required.error('content')}>
          <Textarea name="content" rows={4} maxLength={5000} defaultValue={typed?.content} {...required.field('content')} />
        </FormField>
        <Honeypot />
        <p className="text-xs text-slate-600">Your email address is never published.</p>
        <Button type="submit" size="lg" disabled={posting} className="justify-self-start">
          {posting ? 'Posting...' : 'Post Comment'}
        </Button>
      </form>

      <div className="mt-8">
        {comments === undefined ? (
          <p role="status" className="text-slate-600">
            Loading comments...
          </p>
        ) : comments.length === 0 ? (
          <p className="text-slate-600">No comments yet. Be the first to share your thoughts!</p>
        ) : (
          <CommentThread comments={commentThreads(comments)} depth={0} />
        )}
      </div>
    </section>
  );
}

/** Replies are indented up to this depth; deeper ones line up with their parent. */
const MAX_INDENT = 3;

/** A list of comments, each with the replies to it below, indented (threads brought by an import). */
function CommentThread({ comments, depth, repliesTo }: { comments: CommentNode[]; depth: number; repliesTo?: string }) {
  return (
    <ul
      aria-label={repliesTo ? `Replies to ${repliesTo}` : undefined}
      className={
        depth === 0 ? 'space-y-6' : `mt-4 space-y-4 ${depth <= MAX_INDENT ? 'border-l-2 border-slate-200 pl-3 sm:pl-5' : ''}`
      }
    >
      {comments.map(({ comment, replies }) => (
        <li key={comment.id}>
          <div className="flex gap-4">
            <span
              aria-hidden="true"
              className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-bold ${avatarPalette(comment.author)}`}
            >
              {initials(comment.author)}
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {comment.author}{' '}
                <time dateTime={comment.createdAt} className="ml-2 text-sm font-normal text-slate-600">
                  {formatShortDate(comment.createdAt)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{comment.content}</p>
            </div>
          </div>
          {replies.length > 0 && <CommentThread comments={replies} depth={depth + 1} repliesTo={comment.author} />}
        </li>
      ))}
    </ul>
  );
}
