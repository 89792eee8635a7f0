import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '../../../shared/comments.ts';
import { apiPath } from '../../../shared/routes.ts';

/**
 * A post's approved comments, under the key the server prefetches them with. The section reads them
 * from the page's data and fetches them itself rather than through the query library: it is an
 * island of the post page, whose script stays small (of the library, only `queryOptions`, an
 * identity function, comes along). The key is typed so that the page's data reader takes it.
 */
export const commentsQuery = (postId: string) =>
  queryOptions<Comment[], Error, Comment[], [string]>({ queryKey: [apiPath.comments(postId)] });
