import { profile } from '../../../content/site.ts';
import type { Post, PostInput } from '../../../shared/posts.ts';
import { readTimeMinutes } from '../../../shared/text.ts';

/** Everything the author can change in the editor. */
export interface EditorFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  tags: string[];
  published: boolean;
  metaTitle: string;
  metaDescription: string;
}

export const emptyFields: EditorFields = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImage: '',
  tags: [],
  published: false,
  metaTitle: '',
  metaDescription: '',
};

export function fieldsFromPost(post: Post): EditorFields {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    featuredImage: post.featuredImage ?? '',
    tags: post.tags ?? [],
    published: post.published,
    metaTitle: post.metadata?.metaTitle ?? '',
    metaDescription: post.metadata?.metaDescription ?? '',
  };
}

export const sameFields = (a: EditorFields, b: EditorFields) => JSON.stringify(a) === JSON.stringify(b);

/** SPEC.md section 3 payload: trimmed, excerpt and cover omitted when empty, readTime and author. */
export function toPayload(fields: EditorFields): PostInput {
  const content = fields.content.trim();
  const excerpt = fields.excerpt.trim();
  const featuredImage = fields.featuredImage.trim();
  const metaTitle = fields.metaTitle.trim();
  const metaDescription = fields.metaDescription.trim();
  return {
    title: fields.title.trim(),
    slug: fields.slug.trim(),
    content,
    ...(excerpt ? { excerpt } : {}),
    ...(featuredImage ? { featuredImage } : {}),
    tags: fields.tags,
    published: fields.published,
    metadata: {
      readTime: readTimeMinutes(content),
      author: profile.name,
      // Empty strings clear a previously stored value (the server merges metadata).
      metaTitle,
      metaDescription,
    },
  };
}

/** Tag rule of SPEC.md section 4: the trimmed text, unless empty or already there. */
export function addTag(tags: string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.includes(tag)) return tags;
  return [...tags, tag];
}

/**
 * Slug rule of SPEC.md section 4: the slug follows the title while it is empty or still equal to
 * the slug derived from the previous title; once edited by hand it stays.
 */
export function nextSlug(currentSlug: string, previousTitle: string, nextTitle: string, slugify: (s: string) => string): string {
  if (currentSlug === '' || currentSlug === slugify(previousTitle)) return slugify(nextTitle);
  return currentSlug;
}

/** The unsaved copy kept in the browser while the author types. */
export interface StoredDraft {
  fields: EditorFields;
  savedAt: number;
}

const draftKey = (postId: string | undefined) => `folio:editor-draft:${postId ?? 'new'}`;

export function loadStoredDraft(postId: string | undefined): StoredDraft | undefined {
  try {
    const raw = window.localStorage.getItem(draftKey(postId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as StoredDraft;
    if (!parsed || typeof parsed.savedAt !== 'number' || typeof parsed.fields?.content !== 'string') return undefined;
    return { savedAt: parsed.savedAt, fields: { ...emptyFields, ...parsed.fields } };
  } catch {
    return undefined;
  }
}

export function storeDraft(postId: string | undefined, fields: EditorFields): void {
  try {
    window.localStorage.setItem(draftKey(postId), JSON.stringify({ fields, savedAt: Date.now() } satisfies StoredDraft));
  } catch {
    // Storage full or disabled: the editor still works, only without the safety copy.
  }
}

export function forgetDraft(postId: string | undefined): void {
  try {
    window.localStorage.removeItem(draftKey(postId));
  } catch {
    // Nothing stored.
  }
}
