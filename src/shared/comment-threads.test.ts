import { describe, expect, it } from 'vitest';
import { commentThreads, type CommentNode } from './comment-threads.ts';
import type { Comment } from './comments.ts';

const POST = '00000000-0000-4000-8000-000000000000';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const comment = (n: number, parent?: number): Comment => ({
  id: id(n),
  postId: POST,
  author: `Reader ${n}`,
  content: `Comment ${n}`,
  createdAt: new Date(Date.UTC(2024, 0, n)).toISOString(),
  ...(parent === undefined ? {} : { parentId: id(parent) }),
});
const shape = (nodes: CommentNode[]): unknown[] =>
  nodes.map(({ comment: c, replies }) => (replies.length ? [c.author, shape(replies)] : c.author));

describe('commentThreads', () => {
  it('keeps answers to the post newest first, with replies below their parent oldest first', () => {
    // Newest first, as the API lists them: 3 and 5 answer 1, 4 answers 2.
    const list = [comment(6), comment(5, 1), comment(4, 2), comment(3, 1), comment(2), comment(1)];
    expect(shape(commentThreads(list))).toEqual(['Reader 6', ['Reader 2', ['Reader 4']], ['Reader 1', ['Reader 3', 'Reader 5']]]);
  });

  it('nests replies to replies', () => {
    expect(shape(commentThreads([comment(3, 2), comment(2, 1), comment(1)]))).toEqual([
      ['Reader 1', [['Reader 2', ['Reader 3']]]],
    ]);
  });

  it('puts a reply whose parent readers cannot see, or a loop of parents, among the answers to the post', () => {
    expect(shape(commentThreads([comment(2, 99), comment(1)]))).toEqual(['Reader 2', 'Reader 1']);
    const loop = shape(commentThreads([comment(2, 1), comment(1, 2)]));
    expect(loop.flat(3)).toEqual(expect.arrayContaining(['Reader 1', 'Reader 2']));
    expect(JSON.stringify(loop).match(/Reader/g)).toHaveLength(2);
  });
});
