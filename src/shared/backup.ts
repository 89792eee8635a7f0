import { z } from 'zod';

/**
 * The author's data (DESIGN.md "your data is yours"): the backup archive's manifest and what an
 * import answers, shared by the routes, the dashboard's Import and the backup script.
 */

/** The largest file `POST /api/admin/import` takes (the limit): 413 beyond it. */
export const IMPORT_MAX_BYTES = 500 * 1024 * 1024;

export const BACKUP_FORMAT = 'folio-backup';
export const BACKUP_VERSION = 1;

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  exportedAt: z.iso.datetime(),
  counts: z.object({
    posts: z.number().int().min(0),
    comments: z.number().int().min(0),
    messages: z.number().int().min(0),
    revisions: z.number().int().min(0),
    uploads: z.number().int().min(0),
  }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** `POST /api/admin/import`: what came in, what was left out, and what was changed on the way. */
/**
 * `POST /api/admin/import?from=<address>`: where the old site still answers (`https://blog.example`),
 * for the images its file names by a path of that site and does not hold (a Ghost export's
 * `/content/images/...`). Optional.
 */
export const importQuerySchema = z.object({
  from: z
    .string()
    .trim()
    .max(2_000, 'The old site’s address is longer than 2,000 characters')
    .refine((value) => value === '' || URL.canParse(value), 'The old site’s address is not a web address')
    .refine((value) => value === '' || /^https?:\/\//i.test(value), 'The old site’s address must start with http:// or https://')
    .optional(),
});

/** One imported post, in the report the author reads after an import (issue 22). */
const importedPostReportSchema = z.object({
  title: z.string(),
  /** Where it is now: `/blog/<slug>`. */
  slug: z.string(),
  /** New here, changed by this import, or the same as the earlier import left it. */
  outcome: z.enum(['added', 'updated', 'unchanged']),
  published: z.boolean(),
  /** Turned into their equivalent here: `2 footnotes`, `1 gallery as 3 images`. */
  converted: z.array(z.string()),
  /** Left as they were, cut or left out: `[playlist] kept as text`, `1 image kept at the old address`. */
  kept: z.array(z.string()),
});
export type ImportedPostReport = z.infer<typeof importedPostReportSchema>;

/** Posts an import's report lists at most: those with something kept first, then converted, then the rest. */
export const IMPORT_REPORT_MAX = 2_000;

export const siteImportResultSchema = z.object({
  /** The format recognised: our backup, WordPress, Ghost or a zip of markdown files. */
  format: z.enum(['backup', 'wordpress', 'ghost', 'markdown']),
  posts: z.number().int().min(0),
  comments: z.number().int().min(0),
  uploads: z.number().int().min(0),
  skipped: z.number().int().min(0),
  /** Old addresses of the imported posts kept, each answered 301 to its post (absent: none). */
  oldAddresses: z.number().int().min(0).optional(),
  warnings: z.array(z.string()),
  /** Per post, for WordPress, Ghost and markdown imports (a backup restores as it was): see IMPORT_REPORT_MAX. */
  report: z.array(importedPostReportSchema).optional(),
  /** Posts imported that the report leaves out, past IMPORT_REPORT_MAX. */
  reportLeftOut: z.number().int().min(0).optional(),
});
export type SiteImportResult = z.infer<typeof siteImportResultSchema>;

/** `GET /api/admin/old-addresses`: where imported posts lived before, each answered 301 to its post. */
export const oldAddressListSchema = z.object({
  addresses: z.array(
    z.object({
      /** As kept: decoded, lower case, no trailing slash (`/2013/01/11/hello`, `/?p=12`). */
      path: z.string(),
      postId: z.string(),
      title: z.string(),
      slug: z.string(),
      /** Whether the post is out: a draft's old address stays a 404 until it is. */
      live: z.boolean(),
    }),
  ),
});
export type OldAddressList = z.infer<typeof oldAddressListSchema>;
