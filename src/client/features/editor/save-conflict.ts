import { postConflictSchema, type Post } from '../../../shared/posts.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * A save refused because the post was saved elsewhere since the editor loaded it (409 with the
 * post as it now is). Another 409, a slug already taken, carries no `current` and stays an error.
 */
export class SaveConflict extends Error {
  readonly current: Post;
  constructor(current: Post) {
    super('This post was changed elsewhere');
    this.current = current;
  }
}

/** The post on the server, when `error` is the 409 of a stale `expectedUpdatedAt`. */
export function conflictOf(error: unknown): Post | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.message.replace(/^409: /, '');
  try {
    const parsed = postConflictSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.current : undefined;
  } catch {
    return undefined;
  }
}

/** A save refused because another post has the slug: the slug, and the first free one to offer. */
export interface SlugTaken {
  slug: string;
  freeSlug: string;
}

/** The slug and its free alternative, when `error` is the 409 of a slug another post has. */
export function slugTakenOf(error: unknown, slug: string): SlugTaken | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  try {
    const body = JSON.parse(error.message.replace(/^409: /, '')) as { field?: unknown; freeSlug?: unknown };
    return body.field === 'slug' && typeof body.freeSlug === 'string' ? { slug, freeSlug: body.freeSlug } : undefined;
  } catch {
    return undefined;
  }
}
