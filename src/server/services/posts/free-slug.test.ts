import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tables } from '../../../../tests/support/test-app.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { freeSlug } from './free-slug.ts';

const { blogPosts } = tables;

let site: TestApp;
beforeAll(async () => {
  site = await createTestApp();
});
afterAll(() => site?.close());

async function postWithSlug(slug: string): Promise<string> {
  const [row] = await site.db.insert(blogPosts).values({ title: slug, slug, content: 'x' }).returning({ id: blogPosts.id });
  return row!.id;
}

describe('freeSlug', () => {
  it('keeps a slug nobody has', async () => {
    expect(await freeSlug(site.db, 'nobody-has-this')).toBe('nobody-has-this');
  });

  it('adds -2, then the first number free, when other posts have the slug', async () => {
    await postWithSlug('taken');
    expect(await freeSlug(site.db, 'taken')).toBe('taken-2');
    await postWithSlug('taken-2');
    await postWithSlug('taken-4');
    expect(await freeSlug(site.db, 'taken')).toBe('taken-3');
  });

  it('is no conflict for the post that has the slug itself', async () => {
    const id = await postWithSlug('mine');
    expect(await freeSlug(site.db, 'mine', id)).toBe('mine');
    // Nor is its own suffixed slug: a second restore keeps the suffix it gave.
    const other = await postWithSlug('shared');
    const suffixed = await postWithSlug('shared-2');
    expect(await freeSlug(site.db, 'shared', suffixed)).toBe('shared-2');
    expect(await freeSlug(site.db, 'shared', other)).toBe('shared');
  });

  it('does not count slugs that only start the same way', async () => {
    await postWithSlug('prefix-extra');
    await postWithSlug('prefix-2x');
    expect(await freeSlug(site.db, 'prefix')).toBe('prefix');
  });

  it('keeps a suffixed slug within the length limit', async () => {
    const long = 'l'.repeat(LIMITS.slug);
    await postWithSlug(long);
    const free = await freeSlug(site.db, long);
    expect(free).toBe(`${'l'.repeat(LIMITS.slug - 8)}-2`);
    expect(free.length).toBeLessThanOrEqual(LIMITS.slug);
  });
});
