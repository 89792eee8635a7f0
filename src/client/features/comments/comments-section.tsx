import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Comment, PostedComment } from '../../../shared/comments.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { formatShortDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { api } from '../../paths.ts';
import { avatarPalette, initials } from '../../lib/avatar.ts';

const emptyForm = { author: '', email: '', content: '' };

export function CommentsSection({ postId }: { postId: string }) {
  const queryClient = useQueryClient();
  const commentsKey = [api.comments(postId)];
  const { data: comments = [], isPending } = useQuery<Comment[]>({ queryKey: commentsKey });
  const [form, setForm] = useState(emptyForm);

  const post = useMutation({
    mutationFn: async (input: unknown) =>
      (await (await apiRequest('POST', api.comments(postId), input)).json()) as Partial<PostedComment>,
    onSuccess: async (posted) => {
      setForm(emptyForm);
      // DESIGN.md: a held comment waits for the author; readers (this one too) see it once approved.
      if (posted.status === 'held' || posted.status === 'spam') {
        toast({ title: 'Comment posted!', description: 'Your comment is awaiting moderation.' });
        return;
      }
      toast({ title: 'Comment posted!', description: 'Your comment has been added successfully.' });
      await queryClient.invalidateQueries({ queryKey: commentsKey });
    },
    onError: (error) => {
      toast({
        title: 'Failed to post comment',
        description: errorMessage(error, 'There was an error posting your comment.'),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.author.trim() || !form.email.trim() || !form.content.trim()) {
      toast({ title: 'Missing fields', description: 'Please fill in all fields.' });
      return;
    }
    // The same schema the server validates with (SPEC.md section 5), loaded only when someone
    // comments: zod stays out of the reader's first download.
    const { commentInputSchema } = await import('../../../shared/comments.ts');
    const parsed = commentInputSchema.safeParse({ ...form, email: form.email.trim(), postId });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      toast({
        title: 'Failed to post comment',
        description: `${String(issue.path[0] ?? '')}: ${issue.message}`,
        variant: 'destructive',
      });
      return;
    }
    post.mutate(parsed.data);
  };

  const field = (name: keyof typeof emptyForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <section aria-labelledby="comments-heading" className="mt-12 border-t border-slate-200 pt-10">
      <h2 id="comments-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <MessageCircle aria-hidden="true" className="h-6 w-6" />
        Comments ({comments.length})
      </h2>

      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h3 className="text-lg font-semibold text-slate-900">Leave a comment</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Name *
            <Input {...field('author')} type="text" autoComplete="name" maxLength={100} />
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Email *
            <Input {...field('email')} type="email" autoComplete="email" maxLength={254} />
          </label>
        </div>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Comment *
          <Textarea {...field('content')} rows={4} maxLength={5000} />
        </label>
        <p className="text-xs text-slate-600">Your email address is never published.</p>
        <Button type="submit" size="lg" disabled={post.isPending} className="justify-self-start">
          {post.isPending ? 'Posting...' : 'Post Comment'}
        </Button>
      </form>

      <div className="mt-8">
        {isPending ? (
          <p role="status" className="text-slate-600">
            Loading comments...
          </p>
        ) : comments.length === 0 ? (
          <p className="text-slate-600">No comments yet. Be the first to share your thoughts!</p>
        ) : (
          <ul className="space-y-6">
            {comments.map((comment) => (
              <li key={comment.id} className="flex gap-4">
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
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
