import { useEffect } from 'react';
import { setLeaveCheck } from './history-guard.ts';

const LEAVE_WARNING = 'You have unsaved changes. Leave this page anyway?';

/**
 * While there are unsaved changes: the browser asks before a reload, close or external
 * navigation, and in-app links and the Back and Forward buttons ask before they navigate away.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Back and Forward: asked through the guard installed ahead of the router.
    setLeaveCheck(() => window.confirm(LEAVE_WARNING));
    // Capture phase: runs before the router's own click handler.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      setLeaveCheck(undefined);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);
}
