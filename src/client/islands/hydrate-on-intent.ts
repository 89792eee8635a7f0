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

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, summary, [tabindex]';

/**
 * Moves the focus `steps` places along the page's tab order (its DOM order here: no positive
 * tabindex on this site), backwards when negative: the Tab presses made while a held click waited
 * for the islands, so that Enter on the menu button then Tab reaches the menu, as it would have.
 */
function moveFocus(steps: number): void {
  const order = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
  if (order.length === 0) return;
  const at = order.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? (steps > 0 ? steps - 1 : order.length + steps) : at + steps;
  order[Math.min(Math.max(next, 0), order.length - 1)]!.focus();
}

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
  /** Tab presses (Shift+Tab counts -1) made while a use was held: applied after it. */
  let heldTabs = 0;

  const start = (): Promise<void> =>
    (started ??= hydrate().then(
      () => {
        hydrated = true;
        for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
        document.removeEventListener('click', onClick, true);
        document.removeEventListener('submit', onSubmit, true);
        for (const use of held.splice(0)) use.replay();
        applyHeldTabs();
      },
      (error: unknown) => {
        // Offline or a failed download: the page stays as the server sent it (a held form goes as a
        // plain POST, which the server answers), and the next use tries again.
        started = undefined;
        for (const use of held.splice(0)) use.fallback?.();
        applyHeldTabs();
        console.error('The page script could not be loaded', error);
      },
    ));

  // After the replayed click's update is on the page (React commits it after the event, not in it).
  const applyHeldTabs = () =>
    setTimeout(() => {
      if (heldTabs !== 0) moveFocus(heldTabs);
      heldTabs = 0;
    });
  const onIntent = (event: Event) => {
    // A Tab after a held click (Enter on the menu button) waits for that click's answer.
    if (event instanceof KeyboardEvent && event.key === 'Tab' && held.length > 0) {
      event.preventDefault();
      heldTabs += event.shiftKey ? -1 : 1;
      return;
    }
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
  for (const type of INTENTS) document.addEventListener(type, onIntent, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
}

/** What announces a use before its click: a finger or button going down, a focus, a key. */
const INTENTS = ['pointerdown', 'focusin', 'keydown'] as const;
