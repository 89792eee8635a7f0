import { serviceWorkerPath } from '../../../shared/routes.ts';
import { removeSaved, savePost, type SaveOutcome } from './offline-cache.ts';
import { publishSavedPosts } from './use-saved-posts.ts';

/**
 * The reader's actions on offline reading, loaded when one is taken: a reader who never saves a
 * post downloads none of this.
 */

/**
 * Saves a post for offline reading. DESIGN.md: the service worker is registered by the first
 * save, never before; it is active before the post counts as saved, so the next visit without a
 * connection finds it.
 */
export async function saveForOffline(post: { path: string; title: string }): Promise<SaveOutcome> {
  const container = navigator.serviceWorker;
  if (!(await container.getRegistration('/'))) await container.register(serviceWorkerPath, { scope: '/' });
  await container.ready;
  const outcome = await savePost(post);
  publishSavedPosts(outcome.index);
  return outcome;
}

export async function removeFromOffline(path: string): Promise<void> {
  publishSavedPosts(await removeSaved(path));
}
