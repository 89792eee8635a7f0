/**
 * The classes of a control's two forms: a link or disclosure that works without script, and the
 * button that needs it. The browser shows one (`noscript:` is Tailwind's `@media (scripting: none)`),
 * before the islands hydrate as after, so nothing changes under a reader's finger; a data-saver page
 * has no script at all and renders the script-free form alone (DESIGN.md "readers on metered data").
 * Class names spelled out: Tailwind finds them in this file.
 */
const FORMS = {
  block: { withoutScript: 'hidden noscript:block', withScript: 'block noscript:hidden' },
  'inline-flex': { withoutScript: 'hidden noscript:inline-flex', withScript: 'inline-flex noscript:hidden' },
} as const;

export function scriptForms(display: keyof typeof FORMS, saveData: boolean | undefined) {
  return saveData ? { withoutScript: display, withScript: undefined } : FORMS[display];
}
