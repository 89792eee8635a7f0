import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { postInputSchema, type Post } from '../../../shared/posts.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { api, paths } from '../../paths.ts';
import { forgetDraft, toPayload, type EditorFields } from './editor-state.ts';

/**
 * Save (create or update) and delete, with the toasts of SPEC.md section 8. A failed save leaves
 * the editor untouched; every cached post list is refreshed after a change.
 */
export function usePostSaver(postId: string | undefined, onSaved: (post: Post, fields: EditorFields) => void) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const editing = postId !== undefined;

  const refreshLists = () =>
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(api.posts) });

  const save = useMutation({
    mutationFn: async (fields: EditorFields) => {
      const parsed = postInputSchema.safeParse(toPayload(fields));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`${issue.path.join('.') || 'post'}: ${issue.message}`);
      }
      const payload = parsed.data;
      const response = editing
        ? await apiRequest('PUT', api.post(postId), payload)
        : await apiRequest('POST', api.posts, payload);
      return { post: (await response.json()) as Post, fields };
    },
    onSuccess: async ({ post, fields }) => {
      forgetDraft(postId);
      forgetDraft(post.id);
      toast({
        title: editing ? 'Post updated!' : 'Post saved!',
        description: `Your post "${post.title}" has been ${post.published ? 'published' : 'saved as draft'}`,
      });
      await refreshLists();
      onSaved(post, fields);
      if (post.published) navigate(paths.post(post.slug));
      // A new draft continues as an edit of the saved post: saving again updates, never duplicates.
      else if (!editing) navigate(paths.edit(post.id), { replace: true });
    },
    onError: (error) => {
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
      if (postId) await apiRequest('DELETE', api.post(postId));
    },
    onSuccess: async () => {
      forgetDraft(postId);
      toast({ title: 'Post deleted', description: 'The post and its comments have been deleted.' });
      await refreshLists();
      navigate(paths.blog);
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
