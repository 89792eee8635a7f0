import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../../tests/support/test-app.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts } from '../../db/schema.ts';
import { searchCondition, throughSearchIndex } from './post-queries.ts';

/** The plan PostgreSQL chooses for a search of the posts, one line per node. */
async function planOf(db: Database, search: string): Promise<string> {
  const query = sql`explain select ${blogPosts.id} from ${blogPosts} where ${searchCondition(search)}`;
  const { rows } = (await db.execute(query)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('a full-text search of the posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const cookie = await adminCookie(t.app);
    for (let i = 0; i < 30; i++) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/blog-posts',
        headers: { cookie },
        payload: postPayload({ title: `Learning circle ${i}`, slug: `learning-circle-${i}` }),
      });
      expect(saved.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('finds its posts through the index of post_search, never by reading every document', async () => {
    // Left to itself the planner prices the match as cheap and reads the table, unpacking each
    // out-of-line document: 200-250 ms on 10,000 posts (docs/decisions/017).
    const plan = await throughSearchIndex(t.db, 'learning circle', (db) => planOf(db, 'learning circle'));
    expect(plan).toContain('post_search_search_idx');
    expect(plan).not.toMatch(/Seq Scan on post_search/);
  });

  it('leaves a substring search (a word under 3 characters) as it is, on the posts themselves', async () => {
    const plan = await throughSearchIndex(t.db, 'zx', (db) => planOf(db, 'zx'));
    expect(plan).not.toContain('post_search');
  });
});
