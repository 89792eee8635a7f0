import { HttpError } from '../../../errors.ts';

/**
 * What every foreign format (WordPress WXR, Ghost JSON, a zip of markdown files) is turned into
 * before anything touches the database (DESIGN.md "your data is yours"). The parsers are pure:
 * text in, this out. services/site-import.ts stores it in one transaction.
 */

/** A comment brought in with its post; only approved ones are imported as `published`. */
export interface ImportedComment {
  author: string;
  /** Empty when the source has none (the store fills a placeholder address). */
  email: string;
  /** Plain text (HTML turned to text). */
  content: string;
  createdAt?: Date;
  status: 'published' | 'held' | 'spam';
  /** Its id at the source, and the source id of the comment it answers (a thread), when it has them. */
  sourceId?: string;
  parentSourceId?: string;
}

export interface ImportedPost {
  /**
   * Where the post came from: `wordpress:<site> <guid>` (the site as `host/path`, or the guid
   * alone when the export names no site), `ghost:<id>`, `markdown:<path in the zip>`. Kept in the
   * post's metadata (`source`): importing the same file again updates this post instead of
   * creating another. Two posts of one file with the same source each get a post (the store
   * tells them apart by their order in the file).
   */
  source: string;
  /**
   * The key an earlier version gave this post, when a post stored under it can only be this one:
   * `wordpress:<guid>` when the guid is a full URL of the export's own site. Accepted for posts
   * imported before the site was part of the key, so that they are found again, not duplicated.
   */
  formerSource?: string;
  /**
   * The date the post keeps at its source for as long as it exists there (WordPress: the date of
   * a post that went out; Ghost: when it was created), kept in metadata (`sourceDate`). A stored
   * post with the same source and another date is another site's post that happens to have the
   * same key (two WordPress sites at http://localhost/ both have a `?p=1`): it is never changed.
   */
  sourceDate?: Date;
  title: string;
  /** As the source gives it (may be taken or empty: the store derives and de-duplicates). */
  slug?: string;
  /** Markdown. */
  content: string;
  excerpt?: string;
  tags: string[];
  published: boolean;
  /** A published post dated in the future is scheduled: it goes out then. */
  publishAt?: Date;
  createdAt?: Date;
  updatedAt?: Date;
  /** An http(s) URL or a site path, kept as the source gives it. */
  featuredImage?: string;
  comments: ImportedComment[];
  /**
   * Where the post lived on its old site, as URLs or paths (a WordPress permalink and its
   * `?p=` id, a Ghost `/slug/`, a Hugo, Jekyll or Astro path): a request for one of them here
   * answers 301 to the post (site-data/old-addresses.ts).
   */
  oldPaths?: string[];
  /**
   * For the import report, per post (imports/post-notes.ts): what was turned into its equivalent
   * here, and what was left as it was, cut or left out.
   */
  notes?: { converted: string[]; kept: string[] };
}

/** A parser's answer: the posts, how many items it left out, and why (one line each). */
export interface ParsedImport {
  posts: ImportedPost[];
  skipped: number;
  warnings: string[];
}

/** A file the parser refuses as a whole (not the format, malformed, too big): answered 4xx. */
export class ImportFormatError extends HttpError {
  constructor(message: string, statusCode = 422) {
    super(statusCode, message);
  }
}
