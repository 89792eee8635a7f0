/**
 * Back and Forward inside the app. The browser has already changed the address when `popstate`
 * fires and the router follows it at once, so a page that wants to ask first (the editor with
 * unsaved changes) must be asked before the router hears of it: this listener is installed before
 * the app renders, which puts it ahead of the router's own.
 */

/** Answers whether the reader may leave the current page; absent when nothing is at stake. */
type LeaveCheck = () => boolean;

let check: LeaveCheck | undefined;
let here = '';

export function setLeaveCheck(next: LeaveCheck | undefined): void {
  check = next;
}

export function installHistoryGuard(): void {
  here = window.location.href;
  const remember = () => {
    here = window.location.href;
  };
  // The router announces its own navigations with these events (wouter patches the History API).
  window.addEventListener('pushState', remember);
  window.addEventListener('replaceState', remember);
  window.addEventListener(
    'popstate',
    (event) => {
      if (check && window.location.href !== here && !check()) {
        // Stay: the router never sees this event, and the page's address is put back.
        event.stopImmediatePropagation();
        window.history.pushState(window.history.state, '', here);
        return;
      }
      remember();
    },
    true,
  );
}
