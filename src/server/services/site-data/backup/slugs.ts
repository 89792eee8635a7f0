import { LIMITS } from '../../../../shared/constants.ts';
import type { Database } from '../../../db/client.ts';
import { blogPosts } from '../../../db/schema.ts';

type Reader = Pick<Database, 'select'>;

/**
 * The slugs of every post, in memory, for a restore that writes thousands of posts: `claim`
 * answers as freeSlug (services/posts/free-slug.ts) does without a query per post (no index serves its `slug-N` pattern, so
 * each of those reads the whole table).
 */
export class SlugBook {
  private readonly owners = new Map<string, string>();
  private readonly slugs = new Map<string, string>();
  /** Per stem, the suffix after the last one given: a thousand posts on one slug stay linear. */
  private readonly nextSuffix = new Map<string, number>();

  static async of(db: Reader): Promise<SlugBook> {
    const book = new SlugBook();
    for (const { id, slug } of await db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts)) book.set(id, slug);
    return book;
  }

  hasPost(id: string): boolean {
    return this.slugs.has(id);
  }

  /** `slug` for the post `id` if no other post has it, else the next free `slug-N`; the post now holds it. */
  claim(slug: string, id: string): string {
    const free = (candidate: string) => (this.owners.get(candidate) ?? id) === id;
    let chosen = slug;
    if (!free(slug)) {
      const stem = slug.slice(0, LIMITS.slug - 8);
      let n = this.nextSuffix.get(stem) ?? 2;
      while (!free(`${stem}-${n}`)) n += 1;
      this.nextSuffix.set(stem, n + 1);
      chosen = `${stem}-${n}`;
    }
    this.set(id, chosen);
    return chosen;
  }

  private set(id: string, slug: string): void {
    const old = this.slugs.get(id);
    if (old !== undefined && this.owners.get(old) === id) this.owners.delete(old);
    this.owners.set(slug, id);
    this.slugs.set(id, slug);
  }
}
