import { useSyncExternalStore } from 'react';
import { emptyIndex, parseIndex, readIndex, type SavedIndex } from './offline-index.ts';

/** The saved posts as this page knows them: read once, then told of each change (this tab or another). */
let current: SavedIndex | undefined;
let loading: Promise<void> | undefined;
let channel: BroadcastChannel | undefined;
const listeners = new Set<() => void>();

const CHANNEL = 'folio-offline';

function show(index: SavedIndex): void {
  current = index;
  for (const listener of listeners) listener();
}

/** After a save or a removal: this page's buttons and list, and those of the reader's other tabs. */
export function publishSavedPosts(index: SavedIndex): void {
  show(index);
  channel?.postMessage(index);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Read when a control that shows it mounts (after hydration), never while rendering.
  loading ??= readIndex().then(show, () => show(emptyIndex()));
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => show(parseIndex(event.data));
  }
  return () => listeners.delete(listener);
}

/** Undefined until read: the server and the first render in the browser cannot know. */
export function useSavedPosts(): SavedIndex | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}
