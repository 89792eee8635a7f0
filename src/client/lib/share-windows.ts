/** SPEC.md section 9: share windows are 600x400. */
const SHARE_WINDOW = 'width=600,height=400,noopener,noreferrer';

/** The attribute of a share bar's buttons (features/post/share-bar.tsx): the address the window opens. */
export const SHARE_WINDOW_ATTRIBUTE = 'data-share-window';

/**
 * Opens the share windows of every share bar of the page, from the page's first script: a reader
 * shares without waiting for the islands' script (and the window opens within the click, which
 * browsers require of a window that is not blocked).
 */
export function installShareWindows(): void {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${SHARE_WINDOW_ATTRIBUTE}]`) : null;
    const address = button?.getAttribute(SHARE_WINDOW_ATTRIBUTE);
    if (!address) return;
    event.preventDefault();
    window.open(address, '_blank', SHARE_WINDOW);
  });
}
