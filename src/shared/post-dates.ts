/**
 * A post's dates as readers and the admin see them (DESIGN.md "scheduling"). No zod here: the
 * readers' pages import this, and their scripts must not carry the schema library.
 */

/** The date readers see on a post: when it went out if it was scheduled, else when it was written. */
export const postDate = (post: { publishAt?: string; createdAt: string }): string => post.publishAt ?? post.createdAt;

/**
 * `Scheduled`: published with a `publishAt` still ahead of `now`. Readers see a post only when it
 * is `published` in this sense; the server decides it at read time, so every instance agrees.
 */
export function postStatusAt(
  post: { published: boolean; publishAt?: string | null },
  now: Date,
): 'published' | 'draft' | 'scheduled' {
  if (!post.published) return 'draft';
  return post.publishAt && Date.parse(post.publishAt) > now.getTime() ? 'scheduled' : 'published';
}
