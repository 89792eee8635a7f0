import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { defaultSite } from '../../../content/site.ts';
import { siteDocumentSchema, type SiteDocument, type SiteRevision } from '../../../shared/site.ts';
import type { Database } from '../../db/client.ts';
import { siteDocument, siteRevisions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';

/** Saves of the site document kept for `Restore` (DESIGN.md asks for at least 50). */
export const SITE_REVISIONS_KEPT = 100;

type Section = keyof SiteDocument;

/**
 * A stored document as this version reads it: a field added since it was saved takes its default
 * (section by section), so an older document, or one restored from an older backup, still reads.
 */
function upgradeSiteDocument(stored: unknown): SiteDocument | undefined {
  const parsed = parseSiteDocument(stored);
  return parsed.success ? parsed.data : undefined;
}

/** The same, with the schema's reason when it does not read (a restore names it). */
export function parseSiteDocument(stored: unknown): ReturnType<typeof siteDocumentSchema.safeParse> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return siteDocumentSchema.safeParse(stored);
  const sections = stored as Partial<Record<Section, unknown>>;
  const merged = Object.fromEntries(
    (Object.keys(defaultSite) as Section[]).map((key) => {
      const value = sections[key];
      return [key, typeof value === 'object' && value !== null ? { ...defaultSite[key], ...value } : defaultSite[key]];
    }),
  );
  return siteDocumentSchema.safeParse(merged);
}

/**
 * The site document (DESIGN.md "make it yours"): one row read on every render that shows it (a
 * primary-key read, about as cheap as the page cache's own poll), so a save shows on the next
 * request to any instance; every save kept as a revision.
 */
export class SiteService {
  private readonly db: Database;
  private readonly log?: FastifyBaseLogger;

  constructor(db: Database, log?: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  /** The document as saved, or the defaults when none is (or what is stored no longer reads). */
  async get(): Promise<SiteDocument> {
    const [row] = await this.db.select({ document: siteDocument.document }).from(siteDocument).where(eq(siteDocument.id, 1));
    if (!row) return defaultSite;
    const document = upgradeSiteDocument(row.document);
    if (!document) {
      this.log?.error('the stored site document does not read; pages show the defaults until it is saved again');
      return defaultSite;
    }
    return document;
  }

  /** Saves the whole document (already validated by the route) and keeps it as a revision. */
  async save(document: SiteDocument): Promise<SiteDocument> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(siteDocument)
        .values({ id: 1, document, updatedAt: sql`now()` })
        .onConflictDoUpdate({ target: siteDocument.id, set: { document, updatedAt: sql`now()` } });
      await tx.insert(siteRevisions).values({ document });
      const kept = tx
        .select({ id: siteRevisions.id })
        .from(siteRevisions)
        .orderBy(desc(siteRevisions.savedAt), desc(siteRevisions.id))
        .limit(SITE_REVISIONS_KEPT);
      await tx.delete(siteRevisions).where(sql`${siteRevisions.id} not in (${kept})`);
    });
    return document;
  }

  /** The saved versions, newest first, each named by the profile's name it had. */
  async revisions(): Promise<SiteRevision[]> {
    const rows = await this.db
      .select({
        id: siteRevisions.id,
        savedAt: siteRevisions.savedAt,
        name: sql<string | null>`${siteRevisions.document} #>> '{profile,name}'`,
      })
      .from(siteRevisions)
      .orderBy(desc(siteRevisions.savedAt), desc(siteRevisions.id))
      .limit(SITE_REVISIONS_KEPT);
    return rows.map((row) => ({ id: row.id, savedAt: row.savedAt.toISOString(), name: row.name ?? '' }));
  }

  /** One saved version, whole; 404 when there is none with that id. */
  async revision(id: string): Promise<SiteDocument> {
    const [row] = isUuid(id)
      ? await this.db.select({ document: siteRevisions.document }).from(siteRevisions).where(eq(siteRevisions.id, id))
      : [];
    const document = row && upgradeSiteDocument(row.document);
    if (!document) throw notFound('No such version of the site');
    return document;
  }

  /** Saves an older version again: it becomes the newest revision. */
  async restore(id: string): Promise<SiteDocument> {
    return this.save(await this.revision(id));
  }
}
