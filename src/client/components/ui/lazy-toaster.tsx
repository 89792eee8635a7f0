import { useEffect, useState, type ComponentType } from 'react';
import { useToasts } from '../../lib/toast.ts';

let loading: Promise<ComponentType> | undefined;
const loadToaster = () => (loading ??= import('./toaster.tsx').then((module) => module.Toaster));

/**
 * The notification area, loaded when it may be needed: every toast follows something the visitor
 * does, so the Radix toaster (about 12 KB gzip) loads at the first focus in the page (a field, a
 * button) or the first toast, and stays out of a reading page's first download. Once there, its
 * live region exists before the toast it announces, in the usual case.
 */
export function LazyToaster() {
  const hasToast = useToasts().length > 0;
  const [Toaster, setToaster] = useState<ComponentType>();

  useEffect(() => {
    if (Toaster) return;
    let active = true;
    const start = () => {
      void loadToaster().then((loaded) => {
        if (active) setToaster(() => loaded);
      });
    };
    if (hasToast) start();
    else document.addEventListener('focusin', start, { once: true });
    return () => {
      active = false;
      document.removeEventListener('focusin', start);
    };
  }, [Toaster, hasToast]);

  return Toaster ? <Toaster /> : null;
}
