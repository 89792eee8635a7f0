import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../tests/support/test-app.ts';
import { commentInputSchema } from '../../src/shared/comments.ts';
import { postInputSchema } from '../../src/shared/posts.ts';
import { countWords, readTimeMinutes } from '../../src/shared/text.ts';
import { blogPosts, comments } from '../../src/server/db/schema.ts';
import { PostService } from '../../src/server/services/posts/posts.ts';
import { MAX_WORDS, MIN_WORDS, SEED_AUTHOR, SEED_CATEGORIES, TECH_TAGS, generateSeedPosts } from './seed-data.ts';
import { seedDatabase } from './seed.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000;
const generate = (posts: number, seed = 42) => [...generateSeedPosts({ posts, seed, now: NOW })];

describe('generateSeedPosts', () => {
  const posts = generate(600);

  it('gives the same posts for the same seed and other posts for another seed', () => {
    expect(generate(50, 7)).toEqual(generate(50, 7));
    expect(generate(50, 8).map((p) => p.input.content)).not.toEqual(generate(50, 7).map((p) => p.input.content));
  });

  it('makes N posts with unique slugs that pass the editor schema', () => {
    expect(posts).toHaveLength(600);
    expect(new Set(posts.map((p) => p.input.slug)).size).toBe(600);
    for (const { input } of posts) {
      expect(postInputSchema.safeParse(input).success).toBe(true);
      expect(input.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('numbers slugs that are already taken', () => {
    const [first] = generate(1);
    const [again] = [...generateSeedPosts({ posts: 1, seed: 42, now: NOW, takenSlugs: [first!.input.slug] })];
    expect(again!.input.slug).toBe(`${first!.input.slug}-2`);
  });

  it('leaves about 15% as drafts and most posts with an excerpt', () => {
    const drafts = posts.filter((p) => !p.input.published).length / posts.length;
    expect(drafts).toBeGreaterThan(0.1);
    expect(drafts).toBeLessThan(0.2);
    const withExcerpt = posts.filter((p) => p.input.excerpt).length / posts.length;
    expect(withExcerpt).toBeGreaterThan(0.65);
    expect(withExcerpt).toBeLessThan(0.95);
  });

  it('tags with 1 to 3 categories and at most one technical tag, never "All Posts"', () => {
    const categories = new Set<string>(SEED_CATEGORIES);
    const technical = new Set<string>(TECH_TAGS);
    for (const { input } of posts) {
      const chosen = input.tags.filter((t) => categories.has(t));
      const tech = input.tags.filter((t) => technical.has(t));
      expect(chosen.length + tech.length).toBe(input.tags.length);
      expect(chosen.length).toBeGreaterThanOrEqual(1);
      expect(chosen.length).toBeLessThanOrEqual(3);
      expect(tech.length).toBeLessThanOrEqual(1);
      expect(new Set(input.tags).size).toBe(input.tags.length);
    }
    expect(posts.some((p) => p.input.tags.some((t) => technical.has(t)))).toBe(true);
    expect(new Set(posts.flatMap((p) => p.input.tags))).toEqual(new Set([...SEED_CATEGORIES, ...TECH_TAGS]));
  });

  it('writes varied markdown of 150 to 2000 words with the read time the editor computes', () => {
    const share = (pattern: RegExp) => posts.filter((p) => pattern.test(p.input.content)).length / posts.length;
    expect(share(/^\| --- \|/m)).toBeGreaterThan(0.05); // GFM table
    expect(share(/^```[a-z]+\n[\s\S]*?\n```$/m)).toBeGreaterThan(0.05); // fenced code with a language
    expect(share(/^[-*+] (?!\[)\S/m)).toBeGreaterThan(0.1); // bullet list
    expect(share(/^1\. \S/m)).toBeGreaterThan(0.1); // numbered list
    expect(share(/^- \[[ x]\] /m)).toBeGreaterThan(0.05); // task list
    expect(share(/^> /m)).toBeGreaterThan(0.1);
    expect(share(/^## \S/m)).toBeGreaterThan(0.8);
    expect(share(/^### \S/m)).toBeGreaterThan(0.1);
    expect(share(/\*\*[^*]+\*\*/)).toBeGreaterThan(0.3);
    expect(share(/\[[^\]]+\]\(https:\/\/[^)]+\)/)).toBeGreaterThan(0.3);
    expect(share(/ `[^`]+` /)).toBeGreaterThan(0.1);

    const words = posts.map((p) => countWords(p.input.content));
    expect(Math.min(...words)).toBeGreaterThanOrEqual(MIN_WORDS);
    expect(Math.max(...words)).toBeLessThanOrEqual(MAX_WORDS);
    expect(Math.max(...words)).toBeGreaterThan(1500);
    for (const { input } of posts) {
      expect(input.metadata).toEqual({ author: SEED_AUTHOR, readTime: Math.max(1, readTimeMinutes(input.content)) });
    }
  });

  it('dates posts over the past three years and comments after their post', () => {
    const created = posts.map((p) => p.createdAt.getTime());
    expect(Math.max(...created)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...created)).toBeGreaterThanOrEqual(NOW.getTime() - THREE_YEARS_MS);
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(THREE_YEARS_MS * 0.9);
    for (const post of posts) {
      expect(post.updatedAt.getTime()).toBeGreaterThanOrEqual(post.createdAt.getTime());
      expect(post.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      for (const comment of post.comments) {
        expect(comment.createdAt.getTime()).toBeGreaterThanOrEqual(post.createdAt.getTime());
        expect(comment.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    }
  });

  it('gives published posts 0 to 8 valid comments and drafts none', () => {
    const postId = '00000000-0000-4000-8000-000000000000';
    for (const post of posts) {
      expect(post.comments.length).toBeLessThanOrEqual(post.input.published ? 8 : 0);
      for (const { author, email, content } of post.comments) {
        expect(commentInputSchema.safeParse({ postId, author, email, content }).success).toBe(true);
        expect(z.email().safeParse(email).success).toBe(true);
        expect(email).toMatch(/@(mail\.)?example\.(com|org|net)$/);
      }
    }
    const counts = new Set(posts.filter((p) => p.input.published).map((p) => p.comments.length));
    expect(counts).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]));
  });
});

describe('seedDatabase', () => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((close) => close()));
  });

  it('stores the posts with their dates and comments, findable by full-text search', async () => {
    const database = await createTestDatabase();
    opened.push(database.close);
    const { db } = database;

    const summary = await seedDatabase(db, { posts: 30, seed: 5, now: NOW });
    const expected = generate(30, 5);
    const expectedComments = expected.reduce((sum, p) => sum + p.comments.length, 0);
    expect(summary).toEqual({
      posts: 30,
      published: expected.filter((p) => p.input.published).length,
      drafts: expected.filter((p) => !p.input.published).length,
      comments: expectedComments,
    });
    const [postCount] = await db.select({ n: count() }).from(blogPosts);
    const [commentCount] = await db.select({ n: count() }).from(comments);
    expect(postCount!.n).toBe(30);
    expect(commentCount!.n).toBe(expectedComments);

    const sample = expected.find((p) => p.input.published && p.comments.length > 0)!;
    const [stored] = await db.select().from(blogPosts).where(eq(blogPosts.slug, sample.input.slug));
    expect(stored!.createdAt.toISOString()).toBe(sample.createdAt.toISOString());
    expect(stored!.updatedAt.toISOString()).toBe(sample.updatedAt.toISOString());
    const storedComments = await db.select().from(comments).where(eq(comments.postId, stored!.id));
    expect(storedComments).toHaveLength(sample.comments.length);

    const service = new PostService(db);
    const newestFirst = await service.list({});
    expect(newestFirst.map((p) => p.slug)).toEqual(
      [...expected].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((p) => p.input.slug),
    );
    // A word of the title, found through the search document PostService.create wrote.
    const word = sample.input.title.split(' ').find((w) => /^[A-Za-z]{5,}$/.test(w))!;
    const found = await service.list({ search: word.toLowerCase() });
    expect(found.map((p) => p.slug)).toContain(sample.input.slug);
    expect((await service.list({ search: 'offline' })).length).toBeGreaterThan(0);
  });

  it('adds to what is there: a second run with the same seed numbers its slugs', async () => {
    const database = await createTestDatabase();
    opened.push(database.close);
    await seedDatabase(database.db, { posts: 5, seed: 9, now: NOW });
    await seedDatabase(database.db, { posts: 5, seed: 9, now: NOW });
    const slugs = (await database.db.select({ slug: blogPosts.slug }).from(blogPosts)).map((r) => r.slug);
    expect(slugs).toHaveLength(10);
    expect(new Set(slugs).size).toBe(10);
  });
});
