import { useSyncExternalStore } from 'react';
import { ADMIN_AUTH_FLAG_KEY, ADMIN_AUTH_TIME_KEY, ADMIN_SESSION_MS } from '../../shared/constants.ts';
import { apiPath } from '../../shared/routes.ts';
import { apiRequest } from './api.ts';
import { toast } from './toast.ts';

/**
 * The browser's copy of the admin state (SPEC.md section 4): a flag and the time it was set, valid
 * for 4 hours. It only decides what to show; the server's session cookie decides what is allowed.
 */
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** True when the flag is set and younger than 4 hours; an expired or partial pair is removed. */
function readAdminFlag(now = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  const flag = store.getItem(ADMIN_AUTH_FLAG_KEY);
  const time = Number(store.getItem(ADMIN_AUTH_TIME_KEY));
  if (flag === 'true' && Number.isFinite(time) && time > 0 && now - time < ADMIN_SESSION_MS) return true;
  if (flag !== null || store.getItem(ADMIN_AUTH_TIME_KEY) !== null) {
    store.removeItem(ADMIN_AUTH_FLAG_KEY);
    store.removeItem(ADMIN_AUTH_TIME_KEY);
  }
  return false;
}

export function setAdminFlag(now = Date.now()): void {
  storage()?.setItem(ADMIN_AUTH_FLAG_KEY, 'true');
  storage()?.setItem(ADMIN_AUTH_TIME_KEY, String(now));
  emit();
}

export function clearAdminFlag(): void {
  storage()?.removeItem(ADMIN_AUTH_FLAG_KEY);
  storage()?.removeItem(ADMIN_AUTH_TIME_KEY);
  emit();
}

/**
 * Ends the server session and forgets the local flag, even when the server cannot be reached.
 * Here rather than in a feature: the gate locks on it and every admin screen's bar offers it.
 */
export async function logoutAdmin(): Promise<void> {
  try {
    await apiRequest('POST', apiPath.adminLogout);
  } catch {
    // The flag is cleared regardless: the cookie expires on its own.
  }
  clearAdminFlag();
  toast({ title: 'Logged out', description: 'You have been logged out from the admin panel.' });
}

/** Re-reads the flag (expiring it when due) and tells every subscriber. */
export function recheckAdminFlag(): void {
  readAdminFlag();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes this tab too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ADMIN_AUTH_FLAG_KEY || event.key === ADMIN_AUTH_TIME_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether to show admin controls. False while the server renders and during hydration. */
export function useIsAdmin(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readAdminFlag(),
    () => false,
  );
}
