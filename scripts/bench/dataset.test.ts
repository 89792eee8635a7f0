import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { blogPosts, comments } from '../../src/server/db/schema.ts';
import { seedDatabase } from '../lib/seed.ts';
import { pickPostUnderTest } from './dataset.ts';

let database: { db: Database; close(): Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { posts: 40, seed: 42, now: new Date('2026-03-01T12:00:00Z') });
});
afterAll(() => database.close());

describe('pickPostUnderTest', () => {
  it('picks a published post that readers see with at least 3 comments', async () => {
    const slug = await pickPostUnderTest(database.db);
    const [post] = await database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    expect(post?.published).toBe(true);
    const [visible] = await database.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.postId, post!.id), eq(comments.status, 'published')));
    expect(visible!.n).toBeGreaterThanOrEqual(3);
  });

  it('passes over a post whose comments are held, and picks the same post for the same data', async () => {
    const first = await pickPostUnderTest(database.db);
    expect(await pickPostUnderTest(database.db)).toBe(first);
    const [post] = await database.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, first));
    await database.db.update(comments).set({ status: 'held' }).where(eq(comments.postId, post!.id));
    expect(await pickPostUnderTest(database.db)).not.toBe(first);
  });
});
