import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { conflictOf } from './save-conflict.ts';

const current = {
  id: '00000000-0000-4000-8000-000000000000',
  title: 'Theirs',
  slug: 'theirs',
  content: 'Their words',
  tags: [],
  published: false,
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const apiError = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`);

describe('conflictOf', () => {
  it('reads the post as it now is from the 409 of a stale expectedUpdatedAt', () => {
    expect(conflictOf(apiError(409, { message: 'This post was changed elsewhere', current }))).toEqual(current);
  });
  it('leaves other errors to the toast: a slug already taken, a server error, a network failure', () => {
    expect(conflictOf(apiError(409, { message: 'A post with the slug "intro" already exists' }))).toBeUndefined();
    expect(conflictOf(apiError(500, { message: 'Database unavailable', current }))).toBeUndefined();
    expect(conflictOf(new ApiError(409, '409: Conflict'))).toBeUndefined();
    expect(conflictOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
