import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { REVISIONS_PER_POST, type Revision, type RevisionSummary } from '../../../shared/revisions.ts';
import { countWords } from '../../../shared/text.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, postRevisions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { readableMetadata } from './post-queries.ts';

/** What a revision keeps: the post's fields as they were saved (or as a refused save sent them). */
export interface SavedFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  tags: string[];
  published: boolean;
  publishAt: Date | null;
  metadata: Record<string, unknown>;
}

/** A database or a transaction on it: a revision is written in the same transaction as its save. */
type Writer = Pick<Database, 'insert' | 'delete' | 'select'>;

/**
 * The history of every post (DESIGN.md "revisions"): one row per save, the newest
 * REVISIONS_PER_POST kept, deleted with the post by the foreign key.
 */
export class RevisionService {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Keeps `fields` as a revision of `postId`, then lets the oldest beyond the limit go. */
  static async record(
    tx: Writer,
    postId: string,
    fields: SavedFields,
    { savedAt, refused = false }: { savedAt?: Date; refused?: boolean },
  ): Promise<void> {
    // Without `savedAt` (a refused save), the database's clock, as for the saves themselves.
    await tx.insert(postRevisions).values({ ...fields, postId, savedAt, refused, words: countWords(fields.content) });
    const kept = tx
      .select({ id: postRevisions.id })
      .from(postRevisions)
      .where(eq(postRevisions.postId, postId))
      .orderBy(desc(postRevisions.savedAt), desc(postRevisions.id))
      .limit(REVISIONS_PER_POST);
    await tx.delete(postRevisions).where(and(eq(postRevisions.postId, postId), sql`${postRevisions.id} not in (${kept})`));
  }

  /** A post's revisions, newest first; 404 when there is no such post. */
  async list(postId: string): Promise<RevisionSummary[]> {
    await this.assertPost(postId);
    const rows = await this.db
      .select({
        id: postRevisions.id,
        savedAt: postRevisions.savedAt,
        title: postRevisions.title,
        words: postRevisions.words,
        published: postRevisions.published,
        refused: postRevisions.refused,
      })
      .from(postRevisions)
      .where(eq(postRevisions.postId, postId))
      .orderBy(desc(postRevisions.savedAt), desc(postRevisions.id));
    return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
  }

  /** One revision of the post, whole; 404 when it is not one of this post's. */
  async get(postId: string, revisionId: string): Promise<Revision> {
    const [row] = await this.db
      .select()
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, postId), inArray(postRevisions.id, [revisionId])));
    if (!row) throw notFound('Revision not found');
    return {
      id: row.id,
      postId: row.postId,
      savedAt: row.savedAt.toISOString(),
      title: row.title,
      slug: row.slug,
      content: row.content,
      ...(row.excerpt ? { excerpt: row.excerpt } : {}),
      ...(row.featuredImage ? { featuredImage: row.featuredImage } : {}),
      tags: row.tags,
      published: row.published,
      ...(row.publishAt ? { publishAt: row.publishAt.toISOString() } : {}),
      metadata: readableMetadata(row.metadata),
      words: row.words,
      refused: row.refused,
    };
  }

  private async assertPost(postId: string): Promise<void> {
    const [post] = await this.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, postId));
    if (!post) throw notFound('Post not found');
  }
}
