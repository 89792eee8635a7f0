// The benchmark's database: N generated posts seeded once into `.tmp/bench-data-<N>` with the
// project's own seeding (straight into the tables, no rendering on save), then reused by later runs.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { blogPosts, comments } from '../../src/server/db/schema.ts';
import { seedDatabase, type SeedSummary } from '../lib/seed.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MANIFEST = 'bench-manifest.json';
/** Fixed, so every run on the same N measures the same posts. */
const BENCH_SEED = 42;

export interface Dataset {
  dataDir: string;
  /** Slug of the post page under test: published, with comments, of median length. */
  postSlug: string;
  summary: SeedSummary;
  seededAt: string;
  /** Milliseconds the seeding took when it was made (not this run). */
  seedMs: number;
  reused: boolean;
}

type Manifest = Omit<Dataset, 'dataDir' | 'reused'>;

/** Returns the seeded data directory for `posts`, seeding it first when missing or `reseed`. */
export async function prepareDataset(posts: number, options: { reseed: boolean }): Promise<Dataset> {
  const dataDir = path.join(root, '.tmp', `bench-data-${posts}`);
  const manifestPath = path.join(dataDir, MANIFEST);
  if (!options.reseed && existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    return { ...manifest, dataDir, reused: true };
  }

  // Seed beside the final place and rename at the end: an interrupted seed is never reused.
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const database = await openDatabase({ dataDir: partial });
  let manifest: Manifest;
  try {
    await database.migrate();
    const started = performance.now();
    const summary = await seedDatabase(database.db, { posts, seed: BENCH_SEED });
    const seedMs = Math.round(performance.now() - started);
    manifest = { postSlug: await pickPostUnderTest(database.db), summary, seededAt: new Date().toISOString(), seedMs };
  } finally {
    await database.close();
  }
  writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return { ...manifest, dataDir, reused: false };
}

/** A typical post a reader opens: published, 3+ visible comments, content length nearest the median. */
export async function pickPostUnderTest(db: Database): Promise<string> {
  const [median] = await db
    .select({ length: sql<number>`percentile_cont(0.5) within group (order by length(${blogPosts.content}))` })
    .from(blogPosts)
    .where(eq(blogPosts.published, true));
  const [post] = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .innerJoin(comments, and(eq(comments.postId, blogPosts.id), eq(comments.status, 'published')))
    .where(eq(blogPosts.published, true))
    .groupBy(blogPosts.id)
    .having(sql`count(${comments.id}) >= 3`)
    .orderBy(sql`abs(length(${blogPosts.content}) - ${Number(median?.length ?? 0)}::float8)`, blogPosts.slug)
    .limit(1);
  if (!post) throw new Error('no published post with 3 comments was seeded; use more --posts');
  return post.slug;
}
