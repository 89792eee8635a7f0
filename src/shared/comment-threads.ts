import type { Comment } from './comments.ts';

/** A comment with the replies to it, oldest reply first. */
export interface CommentNode {
  comment: Comment;
  replies: CommentNode[];
}

/**
 * A post's comments (newest first, as the API lists them) as threads: the comments that answer
 * the post in that order, each with its replies below, oldest first as a conversation reads. A
 * reply whose parent readers cannot see (held, removed) answers the post.
 */
export function commentThreads(comments: readonly Comment[]): CommentNode[] {
  const nodes = new Map(comments.map((comment) => [comment.id, { comment, replies: [] as CommentNode[] }]));
  const roots: CommentNode[] = [];
  for (const comment of comments) {
    const node = nodes.get(comment.id)!;
    const parent = comment.parentId === undefined ? undefined : nodes.get(comment.parentId);
    if (parent && !isAncestor(node, parent, nodes)) parent.replies.unshift(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `node` is `other` or above it: a loop of parents (never written here, but a restore may hold one) is cut. */
function isAncestor(node: CommentNode, other: CommentNode, nodes: Map<string, CommentNode>): boolean {
  const seen = new Set<string>();
  for (let current: CommentNode | undefined = other; current;) {
    if (current === node || seen.has(current.comment.id)) return true;
    seen.add(current.comment.id);
    current = current.comment.parentId === undefined ? undefined : nodes.get(current.comment.parentId);
  }
  return false;
}
