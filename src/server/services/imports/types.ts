import { HttpError } from '../../errors.ts';

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
}

export interface ImportedPost {
  /**
   * Where the post came from, unique within the format: `wordpress:<guid>`, `ghost:<id>`,
   * `markdown:<path in the zip>`. Kept in the post's metadata (`source`): importing the same file
   * again updates this post instead of creating another.
   */
  source: string;
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
