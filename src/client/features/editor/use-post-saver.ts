import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { PREFER_REPRESENTATION, postStatusAt, postUpdateSchema, type Post, type RenderedPost } from '../../../shared/posts.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath, pagePath } from '../../../shared/routes.ts';
import { isPostQuery, keepSavedPost, revisionsQuery } from './api.ts';
import { forgetDraft, formatLocalDateTime, toPayload, type EditorFields } from './editor-state.ts';
import { conflictOf, SaveConflict, slugTakenOf, type SlugTaken } from './save-conflict.ts';
import { slugify } from '../../../shared/text.ts';

export interface SaveRequest {
  fields: EditorFields;
  /** The `updatedAt` of the version the author edited: the server refuses the save if it moved on. */
  expectedUpdatedAt?: string;
}

/**
 * Save (create or update) and delete, with the toasts of SPEC.md section 8. A failed save leaves
 * the editor untouched; every cached post list is refreshed after a change, and the saved post is
 * taken from the save's answer (never fetched again). A save refused because the post changed
 * elsewhere goes to `onConflict` without a toast: the editor shows it.
 */
export function usePostSaver(
  postId: string | undefined,
  handlers: {
    onSaved: (post: RenderedPost, fields: EditorFields) => void;
    onConflict: (current: Post) => void;
    /** The slug belongs to another post: the editor offers the free one at the field. */
    onSlugTaken: (taken: SlugTaken) => void;
    /** A saved post readers can see now, just before the editor leaves for its page. */
    onPublished?: (post: RenderedPost) => void;
  },
) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const editing = postId !== undefined;

  // Post lists, the post itself and its revisions all live under /api/blog-posts.
  const refreshLists = () => queryClient.invalidateQueries({ predicate: isPostQuery });

  const save = useMutation({
    mutationFn: async ({ fields, expectedUpdatedAt }: SaveRequest) => {
      const parsed = postUpdateSchema.safeParse({ ...toPayload(fields, editing), ...(editing ? { expectedUpdatedAt } : {}) });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`${issue.path.join('.') || 'post'}: ${issue.message}`);
      }
      const payload = parsed.data;
      try {
        // Answered as its GET gives it (rendered), the saved post need not be fetched again.
        const prefer = { Prefer: PREFER_REPRESENTATION };
        const response = editing
          ? await apiRequest('PUT', apiPath.post(postId), payload, prefer)
          : await apiRequest('POST', apiPath.posts, payload, prefer);
        return { post: (await response.json()) as RenderedPost, fields };
      } catch (error) {
        const current = conflictOf(error);
        throw current ? new SaveConflict(current) : error;
      }
    },
    onSuccess: async ({ post, fields }) => {
      forgetDraft(postId);
      forgetDraft(post.id);
      const status = postStatusAt(post, new Date());
      toast(
        status === 'scheduled' && post.publishAt
          ? {
              title: 'Post scheduled!',
              description: `Your post "${post.title}" is scheduled for ${formatLocalDateTime(post.publishAt)}`,
            }
          : {
              title: editing ? 'Post updated!' : 'Post saved!',
              description: `Your post "${post.title}" has been ${post.published ? 'published' : 'saved as draft'}`,
            },
      );
      // Only a post readers can see now has a public page to go to; any other stays in the editor.
      const leaves = status === 'published';
      await keepSavedPost(queryClient, post, !leaves);
      handlers.onSaved(post, fields);
      if (leaves) {
        handlers.onPublished?.(post);
        navigate(pagePath.post(post.slug));
      } else if (!editing) {
        // A new draft continues as an edit of the saved post: saving again updates, never duplicates.
        navigate(pagePath.edit(post.id), { replace: true });
      }
    },
    onError: async (error, { fields }) => {
      const taken = slugTakenOf(error, fields.slug || slugify(fields.title));
      if (taken) {
        handlers.onSlugTaken(taken);
        toast({
          title: editing ? 'Failed to update post' : 'Failed to save post',
          description: `Another post already has the address /blog/${taken.slug}. Use /blog/${taken.freeSlug} or choose another slug.`,
          variant: 'destructive',
        });
        return;
      }
      if (error instanceof SaveConflict) {
        handlers.onConflict(error.current);
        // The refused text is now a revision: the History list has one more line.
        if (postId) await queryClient.invalidateQueries({ queryKey: revisionsQuery(postId).queryKey });
        return;
      }
      toast({
        title: editing ? 'Failed to update post' : 'Failed to save post',
        description: errorMessage(
          error,
          editing ? 'There was an error updating your post.' : 'There was an error saving your post.',
        ),
        variant: 'destructive',
      });
    },
  });

  const remove = useMutation({
    mutationFn: async () => {
      if (postId) await apiRequest('DELETE', apiPath.post(postId));
    },
    onSuccess: async () => {
      forgetDraft(postId);
      toast({ title: 'Post deleted', description: 'The post and its comments have been deleted.' });
      await refreshLists();
      navigate(pagePath.blog());
    },
    onError: (error) => {
      toast({
        title: 'Failed to delete post',
        description: errorMessage(error, 'There was an error deleting your post.'),
        variant: 'destructive',
      });
    },
  });

  return { save, remove };
}
