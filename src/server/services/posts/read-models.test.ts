import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postPayload } from '../../../../tests/support/test-app.ts';
import { postInputSchema } from '../../../shared/posts.ts';
import { PostService } from './posts.ts';

const LONG_BODY = 'Students pair on one laptop and build a web page in the first week. '.repeat(60);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let posts: PostService;

beforeAll(async () => {
  database = await createTestDatabase();
  posts = new PostService(database.db);
  const create = (overrides: Record<string, unknown>) => posts.create(postInputSchema.parse(postPayload(overrides)));
  await create({ title: 'Out', slug: 'out', content: LONG_BODY, excerpt: '' });
  await create({ title: 'Draft', slug: 'draft', published: false });
  await create({ title: 'Later', slug: 'later', publishAt: '2999-01-01T00:00:00.000Z' });
});
afterAll(() => database.close());

// Issue 19: the sitemap loaded every published post whole, bodies included, to print slugs.
describe('the sitemap read model', () => {
  it('reads the slug and dates of what readers may see, no body', async () => {
    const entries = await posts.sitemapEntries();
    expect(entries.map((entry) => entry.slug)).toEqual(['out']);
    expect(Object.keys(entries[0]!).sort()).toEqual(['slug', 'updatedAt']);
  });
});

// Issue 19: the home page's latest posts were whole rows, the card text cut in client code.
describe('the latest cards read model', () => {
  it('reads card fields with the body cut to what a card shows', async () => {
    const [card, ...rest] = await posts.latestCards(3);
    expect(rest).toEqual([]);
    expect(card).toMatchObject({ slug: 'out', title: 'Out' });
    expect(card!.content.length).toBeLessThanOrEqual(151);
    expect(LONG_BODY.startsWith(card!.content)).toBe(true);
    expect(card).not.toHaveProperty('updatedAt');
    expect(card).not.toHaveProperty('published');
  });
});
