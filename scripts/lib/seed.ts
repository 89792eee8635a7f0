import { sql } from 'drizzle-orm';
import { postInputSchema } from '../../src/shared/posts.ts';
import type { Database } from '../../src/server/db/client.ts';
import { blogPosts, comments } from '../../src/server/db/schema.ts';
import { PostService } from '../../src/server/services/posts/posts.ts';
import { generateSeedPosts, type SeedPost } from './seed-data.ts';

export const DEFAULT_SEED = 42;
/** Posts per transaction: one commit per chunk instead of one per statement. */
const CHUNK_POSTS = 250;
/** Comment rows per INSERT, well under PostgreSQL's 65,535 bind parameters (5 per row). */
const CHUNK_COMMENTS = 2_000;

export interface SeedSummary {
  posts: number;
  published: number;
  drafts: number;
  comments: number;
}

/**
 * Adds `posts` generated posts and their comments. Posts go through PostService.create so the
 * search document is written as the editor would; slugs already present get a counter.
 */
export async function seedDatabase(db: Database, options: { posts: number; seed?: number; now?: Date }): Promise<SeedSummary> {
  const taken = await db.select({ slug: blogPosts.slug }).from(blogPosts);
  const generated = generateSeedPosts({
    posts: options.posts,
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? new Date(),
    takenSlugs: taken.map((row) => row.slug),
  });
  const summary: SeedSummary = { posts: 0, published: 0, drafts: 0, comments: 0 };
  let chunk: SeedPost[] = [];
  for (const post of generated) {
    chunk.push(post);
    if (chunk.length === CHUNK_POSTS) {
      await insertChunk(db, chunk, summary);
      chunk = [];
    }
  }
  if (chunk.length > 0) await insertChunk(db, chunk, summary);
  return summary;
}

async function insertChunk(db: Database, chunk: SeedPost[], summary: SeedSummary): Promise<void> {
  const commentCount = await db.transaction(async (tx) => {
    const service = new PostService(tx);
    const ids: string[] = [];
    for (const post of chunk) ids.push((await service.create(postInputSchema.parse(post.input))).post.id);

    // PostService.create stamps now(); backdate the chunk in one statement.
    const dates = sql.join(
      chunk.map(
        (post, i) =>
          sql`(${ids[i]}::uuid, ${post.createdAt.toISOString()}::timestamptz, ${post.updatedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update blog_posts as p
      set created_at = v.created_at, updated_at = v.updated_at
      from (values ${dates}) as v(id, created_at, updated_at)
      where p.id = v.id`);

    const rows = chunk.flatMap((post, i) => post.comments.map((comment) => ({ postId: ids[i]!, ...comment })));
    for (let start = 0; start < rows.length; start += CHUNK_COMMENTS) {
      await tx.insert(comments).values(rows.slice(start, start + CHUNK_COMMENTS));
    }
    return rows.length;
  });
  const published = chunk.filter((post) => post.input.published).length;
  summary.posts += chunk.length;
  summary.published += published;
  summary.drafts += chunk.length - published;
  summary.comments += commentCount;
}
