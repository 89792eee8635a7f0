import { ADMIN_AUTH_FLAG_KEY } from '../../shared/constants.ts';
import { SHARE_WINDOW_ATTRIBUTE } from '../lib/share-windows.ts';

/**
 * The first script of a reading page (docs/decisions/015): a few hundred bytes that leave React and
 * the islands on the server until the reader reaches for one of them. Reading, links, the menu's
 * disclosure and the GET forms (search, categories, pages) never need more. The first touch, click,
 * focus or key press on a control of an island loads them; a click or a form POST that comes
 * before they are ready is held and handed to them once they are (the replay).
 */

/** Loads the islands' script and hydrates them; settles once they answer events. */
export type HydrateIslands = () => Promise<void>;

const ISLAND = '[data-island]';
const CONTROL = 'button, input, textarea, select';

/** Islands that show what only the browser knows (the saved posts) hydrate at once. */
const EAGER_ISLANDS = '[data-island="saved-list"]';

/** The control of an island that an event reached, when it needs the islands' script. */
function controlNeedingScript(target: EventTarget | null): HTMLElement | undefined {
  if (!(target instanceof Element)) return undefined;
  const control = target.closest<HTMLElement>(CONTROL);
  if (!control?.closest(ISLAND) || control.hasAttribute(SHARE_WINDOW_ATTRIBUTE)) return undefined;
  // A GET form's submit button (search, categories) works as it is: the server answers that view.
  const submits = (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && control.type === 'submit';
  if (submits && (control as HTMLButtonElement).form?.method === 'get') return undefined;
  return control;
}

/** A control whose click means nothing without its island's handler (not a link, not a submit). */
const isScriptButton = (control: HTMLElement | undefined): control is HTMLButtonElement =>
  control instanceof HTMLButtonElement && control.type === 'button';

/** Whether this reader's pages should hydrate at once rather than on a first use. */
function hydrateAtOnce(): boolean {
  if (document.querySelector(EAGER_ISLANDS)) return true;
  // The author (the blog's tools, the edit links): the flag the admin state is kept in.
  try {
    if (window.localStorage.getItem(ADMIN_AUTH_FLAG_KEY) === 'true') return true;
  } catch {
    // Storage refused: a reader, then.
  }
  // A reader who saved posts for offline reading: the buttons say which (and the script is kept).
  return Boolean(navigator.serviceWorker?.controller);
}

/**
 * A reader who never saved a post has nothing saved: the `Save for offline` buttons may show before
 * the islands' script, which will find the same (styles.css: `.offline-pending`).
 */
function markOfflineState(): void {
  if ('serviceWorker' in navigator && typeof caches !== 'undefined' && !navigator.serviceWorker.controller) {
    document.documentElement.dataset.offline = 'none-saved';
  }
}

export function hydrateOnIntent(hydrate: HydrateIslands): void {
  let hydrated = false;
  let started: Promise<void> | undefined;
  /** Uses held until the islands answer: each replayed then, or given its fallback if they never come. */
  const held: { replay: () => void; fallback?: () => void }[] = [];

  const start = (): Promise<void> =>
    (started ??= hydrate().then(
      () => {
        hydrated = true;
        for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
        document.removeEventListener('click', onClick, true);
        document.removeEventListener('submit', onSubmit, true);
        for (const use of held.splice(0)) use.replay();
      },
      (error: unknown) => {
        // Offline or a failed download: the page stays as the server sent it (a held form goes as a
        // plain POST, which the server answers), and the next use tries again.
        started = undefined;
        for (const use of held.splice(0)) use.fallback?.();
        console.error('The page script could not be loaded', error);
      },
    ));

  const onIntent = (event: Event) => {
    if (controlNeedingScript(event.target)) void start();
  };
  const onClick = (event: MouseEvent) => {
    const control = controlNeedingScript(event.target);
    if (hydrated || !isScriptButton(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ replay: () => control.click() });
    void start();
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (hydrated || !(form instanceof HTMLFormElement) || form.method !== 'post' || !form.closest(ISLAND)) return;
    event.preventDefault();
    const submitter = event.submitter;
    held.push({ replay: () => form.requestSubmit(submitter), fallback: () => form.submit() });
    void start();
  };

  markOfflineState();
  // A reader quicker than this script is already in a field (typing a comment, a search): go on.
  if (hydrateAtOnce() || controlNeedingScript(document.activeElement)) {
    void start();
    return;
  }
  for (const type of INTENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
}

/** What announces a use before its click: a finger or button going down, a focus, a key. */
const INTENTS = ['pointerdown', 'focusin', 'keydown'] as const;
