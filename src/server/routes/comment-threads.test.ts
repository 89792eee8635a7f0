import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, importAsAdmin, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import type { Comment } from '../../shared/comments.ts';
import type { Post } from '../../shared/posts.ts';
import { comments as commentsTable } from '../db/schema.ts';
import { wxr } from '../services/site-data/imports/__fixtures__/wxr.ts';

/**
 * Issue 22: comment threads come with a WordPress export (`wp:comment_parent`), are shown as
 * replies below their parent, and survive a backup and its restore.
 */

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL }, { renderer });
  cookie = await adminCookie(t.app);
});
afterAll(() => t?.close());

const comment = (id: number, parent: number, author: string, date: string) => `
    <wp:comment>
      <wp:comment_id>${id}</wp:comment_id>
      <wp:comment_author><![CDATA[${author}]]></wp:comment_author>
      <wp:comment_author_email>${author.toLowerCase()}@example.com</wp:comment_author_email>
      <wp:comment_date_gmt>${date}</wp:comment_date_gmt>
      <wp:comment_content><![CDATA[Words of ${author}.]]></wp:comment_content>
      <wp:comment_approved>1</wp:comment_approved>
      <wp:comment_type>comment</wp:comment_type>
      <wp:comment_parent>${parent}</wp:comment_parent>
    </wp:comment>`;

// The reply to a reply comes first in the file: threads do not depend on the order.
const file = wxr({
  address: 'https://old.example/',
  title: 'Old',
  items: [{ id: 5, title: 'A discussed post', slug: 'discussed', date: '2020-01-01 10:00:00', content: '<p>Text.</p>' }],
}).replace(
  '</item>',
  `${comment(3, 2, 'Kojo', '2020-01-03 10:00:00')}${comment(1, 0, 'Ama', '2020-01-01 12:00:00')}${comment(2, 1, 'Esi', '2020-01-02 10:00:00')}${comment(4, 0, 'Yaw', '2020-01-04 10:00:00')}
  </item>`,
);

const importFile = (body: string | Buffer, contentType: string) => importAsAdmin(t.app, cookie, body, contentType);

async function threadOf(postId: string): Promise<Record<string, string | undefined>> {
  const list = (await t.app.inject({ method: 'GET', url: `/api/blog-posts/${postId}/comments` })).json<Comment[]>();
  const authorOf = new Map(list.map((c) => [c.id, c.author]));
  return Object.fromEntries(list.map((c) => [c.author, c.parentId && authorOf.get(c.parentId)]));
}

describe('comments imported with their threads', () => {
  let post: Post;
  beforeAll(async () => {
    expect(await importFile(file, 'application/xml')).toMatchObject({ posts: 1, comments: 4 });
    post = (await t.app.inject({ method: 'GET', url: '/api/blog-posts/discussed' })).json<Post>();
  });

  it('keeps who answers whom', async () => {
    expect(await threadOf(post.id)).toEqual({ Yaw: undefined, Kojo: 'Esi', Esi: 'Ama', Ama: undefined });
  });

  it('shows replies below their parent on the post page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/blog/discussed', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toMatch(
      /<ul[^>]*aria-label="Replies to Ama"[^>]*>[\s\S]*Words of Esi\.[\s\S]*<ul[^>]*aria-label="Replies to Esi"[^>]*>[\s\S]*Words of Kojo\./,
    );
    // Answers to the post stay newest first.
    expect(html.indexOf('Words of Yaw.')).toBeLessThan(html.indexOf('Words of Ama.'));
  });

  it('writes nothing twice when the file comes in again, threads included', async () => {
    expect(await importFile(file, 'application/xml')).toMatchObject({ posts: 1, comments: 0 });
    expect(await threadOf(post.id)).toEqual({ Yaw: undefined, Kojo: 'Esi', Esi: 'Ama', Ama: undefined });
  });

  it('survives a backup and its restore', async () => {
    const archive = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie } });
    expect(archive.statusCode).toBe(200);
    // Written past the app: its pages see the change within the cache's poll (300 ms).
    await t.db.update(commentsTable).set({ parentId: null });
    await expect.poll(() => threadOf(post.id)).toEqual({ Yaw: undefined, Kojo: undefined, Esi: undefined, Ama: undefined });
    expect((await importFile(archive.rawPayload, 'application/zip')).format).toBe('backup');
    expect(await threadOf(post.id)).toEqual({ Yaw: undefined, Kojo: 'Esi', Esi: 'Ama', Ama: undefined });
  });

  it('leaves the replies answering the post when their parent is deleted', async () => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/blog-posts/${post.id}/comments` })).json<Comment[]>();
    const ama = list.find((c) => c.author === 'Ama')!;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/comments/${ama.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await threadOf(post.id)).toEqual({ Yaw: undefined, Kojo: 'Esi', Esi: undefined });
  });
});
