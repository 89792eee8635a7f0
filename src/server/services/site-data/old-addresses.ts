import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isStorableText } from '../../../shared/fields.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, oldAddresses } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A longer path (in UTF-8 bytes) is no address anyone links to, nor one an index may hold: not kept. */
export const OLD_ADDRESS_MAX_BYTES = 1_000;

/** The queries that name a post on their own: WordPress's `?p=` and `?page_id=`. */
const ID_QUERIES = ['p', 'page_id'] as const;

/**
 * The keys an old address is kept and looked up under (docs/decisions/019), most precise first:
 * the path of a URL or a path (`https://old.example/2013/01/11/hello/`, `/posts/hello/`), its
 * segments percent-decoded, runs of slashes as one, no trailing slash, in lower case; and before
 * it, when the query holds a WordPress id (`?p=12`, `?page_id=7`), that path with `/index.php`
 * left out and the id (`/?p=12`, `/blog/?p=12`). Other queries are left out. None for the site's
 * root itself, anything not http(s), or a path of more than OLD_ADDRESS_MAX_LENGTH characters.
 */
function oldAddressKeys(address: string): string[] {
  let url: URL;
  try {
    url = new URL(address.trim(), 'http://old.invalid');
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const path = `/${segments.map(decodeSegment).join('/')}`.normalize('NFC').toLowerCase();
  if (Buffer.byteLength(path) > OLD_ADDRESS_MAX_BYTES || !isStorableText(path)) return [];
  const keys: string[] = [];
  const id = ID_QUERIES.map((name) => [name, url.searchParams.get(name)] as const).find(
    ([, value]) => value !== null && /^\d{1,18}$/.test(value),
  );
  if (id) keys.push(`${path.replace(/\/?index\.php$/, '').replace(/\/$/, '')}/?${id[0]}=${BigInt(id[1]!)}`);
  if (path !== '/') keys.push(path);
  return keys;
}

/** The key an address is recorded under: its most precise (oldAddressKeys). */
export const oldAddressKey = (address: string): string | undefined => oldAddressKeys(address)[0];

/**
 * A segment with its percent-encoding decoded, except what would read otherwise in a path (`%`,
 * `/`, `?`, `#`, spaces and other controls, a `.` or `..` segment): a key read as an address again
 * is the same key (a backup's keys are checked so).
 */
function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return segment;
  }
  if (decoded === '.' || decoded === '..') return segment.toLowerCase();
  // eslint-disable-next-line no-control-regex -- controls are what is kept encoded
  return decoded.replace(/[%/?#\\\s\u0000-\u001f\u007f]/g, (char) => encodeURIComponent(char).toLowerCase());
}

/** The keys `addresses` are recorded under, each once, in order. */
function recordedKeys(addresses: readonly string[]): string[] {
  return [...new Set(addresses.flatMap((address) => oldAddressKey(address) ?? []))];
}

/**
 * Records that `postId` lived at `addresses` (ImportedPost.oldPaths) before it came here. An
 * address another post held goes to this one: the later import is the one the author means.
 * Answers how many addresses are kept for the post.
 */
export async function recordOldAddresses(tx: Tx, postId: string, addresses: readonly string[]): Promise<number> {
  // At most 50 (imports/normalize.ts): one statement.
  const keys = recordedKeys(addresses);
  if (keys.length === 0) return 0;
  await tx
    .insert(oldAddresses)
    .values(keys.map((path) => ({ path, postId })))
    .onConflictDoUpdate({
      target: oldAddresses.path,
      set: { postId: sql`excluded.post_id` },
      setWhere: sql`${oldAddresses.postId} <> excluded.post_id`,
    });
  return keys.length;
}

interface OldAddress {
  path: string;
  postId: string;
  title: string;
  slug: string;
  /** Whether the post is out: only then does the address answer 301 (a draft's stays a 404). */
  live: boolean;
}

/**
 * Old addresses of imported posts: where a request for one goes, and the list the author sees.
 * `visible` is the posts service's condition for a post readers may open, at its clock.
 */
export class OldAddresses {
  private readonly db: Database;
  private readonly visible: () => SQL;
  constructor(db: Database, visible: () => SQL) {
    this.db = db;
    this.visible = visible;
  }

  /**
   * The address (`/blog/<slug>`) that `url` (a request's path and query) moved to, when it is an
   * old address of a post readers may open now; undefined otherwise. With `idOnly`, only the
   * WordPress id in its query counts (`?p=`), for an address that is a page here: its path is ours.
   */
  async target(url: string, { idOnly = false } = {}): Promise<string | undefined> {
    const keys = oldAddressKeys(url).filter((key) => !idOnly || key.includes('?'));
    if (keys.length === 0) return undefined;
    const rows = await this.db
      .select({ path: oldAddresses.path, slug: blogPosts.slug })
      .from(oldAddresses)
      .innerJoin(blogPosts, eq(blogPosts.id, oldAddresses.postId))
      .where(and(inArray(oldAddresses.path, keys), this.visible()));
    const row = keys.map((key) => rows.find((found) => found.path === key)).find(Boolean);
    return row ? `/blog/${encodeURIComponent(row.slug)}` : undefined;
  }

  /** Every old address, by path, with the post it leads to. */
  async list(): Promise<OldAddress[]> {
    return this.db
      .select({
        path: oldAddresses.path,
        postId: oldAddresses.postId,
        title: blogPosts.title,
        slug: blogPosts.slug,
        live: sql<boolean>`${this.visible()}`,
      })
      .from(oldAddresses)
      .innerJoin(blogPosts, eq(blogPosts.id, oldAddresses.postId))
      .orderBy(asc(oldAddresses.path));
  }
}
