import type { BlogCategoryEntry, SiteDocument } from '../../../../shared/site.ts';

/**
 * The `/admin/site` form's rules that need no React: where a field's error goes, how lists move,
 * what a category keeps when it is renamed. Field paths are the schema's (`profile.socialLinks.0.url`),
 * the same the server names in `Invalid <path>: <reason>`.
 */

/** Field path -> reason (`is required`), as zod and the server word it. */
export type FieldErrors = Record<string, string>;

/** The tabs of the screen, in order; `meta` lives under `Profile`. */
export const SECTIONS = ['profile', 'home', 'cv', 'blog'] as const;
export type Section = (typeof SECTIONS)[number];

export function sectionOf(path: string): Section {
  const top = path.split('.')[0];
  return SECTIONS.find((section) => section === top) ?? 'profile';
}

/** Errors in the order the author meets the fields: tab by tab, `meta` at the end of `Profile`. */
const ORDER = ['profile', 'meta', 'home', 'cv', 'blog'];
const rank = (path: string) => {
  const index = ORDER.indexOf(path.split('.')[0] ?? '');
  return index === -1 ? ORDER.length : index;
};

/** The first error a field shows, per path, ordered as the form shows them. */
export function errorsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  const sorted = issues
    .map((issue, index) => ({ path: issue.path.map(String).join('.'), message: issue.message, index }))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.index - b.index);
  for (const { path, message } of sorted) errors[path] ??= message;
  return errors;
}

/** The first path of `errors` in the form's order (errorsFromIssues keeps it). */
export const firstErrorPath = (errors: FieldErrors): string | undefined => Object.keys(errors)[0];

/**
 * The field a 400 names: the server answers `{ message: "Invalid <path>: <reason>" }` (read from
 * the `errorMessage` text, `400: Invalid ...`). Nothing for a message about the request as a whole.
 */
export function fieldErrorFromMessage(message: string): { path: string; reason: string } | undefined {
  const [, path, reason] = /^(?:400: )?Invalid ([A-Za-z]+(?:\.[A-Za-z0-9]+)+): ([\s\S]+)$/.exec(message.trim()) ?? [];
  if (!path || !reason || !ORDER.includes(path.split('.')[0]!)) return undefined;
  return { path, reason };
}

/** Whether `errors` has one for `path` (or, with `nested`, for an entry of it: `tags.2`). */
export function errorAt(errors: FieldErrors, path: string, nested = false): string | undefined {
  if (errors[path]) return errors[path];
  if (!nested) return undefined;
  const prefix = `${path}.`;
  return Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];
}

/** `errors` without the field at `path` and its entries: the author is fixing it. */
export function withoutError(errors: FieldErrors, path: string): FieldErrors {
  const prefix = `${path}.`;
  const kept = Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(prefix));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** What the author did to a list, so that a list kept beside it (the categories' old labels) follows. */
export type ListOp = { type: 'add' } | { type: 'remove'; index: number } | { type: 'move'; from: number; to: number };

export function applyListOp<T>(items: readonly T[], op: ListOp, created: () => T): T[] {
  const next = [...items];
  if (op.type === 'add') next.push(created());
  else if (op.type === 'remove') next.splice(op.index, 1);
  else if (op.to >= 0 && op.to < next.length) next.splice(op.to, 0, ...next.splice(op.from, 1));
  return next;
}

/** Text of a list of words: `, ` between tags, a line each for points. */
export type ListSeparator = 'comma' | 'line';

export const joinList = (items: readonly string[], separator: ListSeparator): string =>
  items.join(separator === 'comma' ? ', ' : '\n');

export function parseList(text: string, separator: ListSeparator): string[] {
  return text
    .split(separator === 'comma' ? ',' : /\r?\n/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A category's label as the author types it. The first change away from its saved label adds that
 * label to its tags, so the posts tagged with it stay in the category; going back to the saved
 * label takes it out again. (Tags the author removed by hand are not added back while typing on.)
 */
export function renameCategory(category: BlogCategoryEntry, savedLabel: string | undefined, label: string): BlogCategoryEntry {
  if (!savedLabel?.trim()) return { ...category, label };
  let tags = category.tags;
  if (sameName(label, savedLabel)) tags = tags.filter((tag) => !sameName(tag, savedLabel));
  else if (sameName(category.label, savedLabel) && !tags.some((tag) => sameName(tag, savedLabel))) {
    tags = [...tags, savedLabel.trim()];
  }
  return { label, tags };
}

/** The labels the categories were saved with, by position: the base of renameCategory. */
export const savedCategoryLabels = (site: SiteDocument): Array<string | undefined> =>
  site.blog.categories.map((category) => category.label);

/** Whether the form holds what was saved (the documents are plain JSON). */
export const sameDocument = (a: SiteDocument, b: SiteDocument): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** `Name is required`: zod's reasons read after the field's label; its own sentences stand alone. */
export function errorSentence(label: string, reason: string): string {
  return /^[a-z]/.test(reason) ? `${label} ${reason}` : reason;
}
