/** Joins the class names that are set; `false`, `null` and `undefined` drop out. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/**
 * The one focus ring of every button, link and control that is not a text field: a 2 px blue ring
 * with a white gap, visible on white and on the dark footer alike.
 */
export const focusRing = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2';

/** The author's pages share one content width, their bar included (issue 25: one frame). */
export const adminWidth = 'mx-auto w-full max-w-6xl px-4';
