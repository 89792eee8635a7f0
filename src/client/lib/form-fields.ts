/**
 * The text of a form's named fields. The reading pages' forms leave their fields to the browser
 * (uncontrolled): what a visitor types before the page's script has run is kept, and read here on
 * submit, where a controlled field would have been emptied on the next render.
 */
export function formFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}
