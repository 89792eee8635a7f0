import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api.ts';

describe('errorMessage', () => {
  it('keeps the status and shows the message of a JSON error body', () => {
    const error = new ApiError(409, '409: {"message":"A post with the slug \\"intro\\" already exists"}');
    expect(errorMessage(error, 'fallback')).toBe('409: A post with the slug "intro" already exists');
  });

  it('keeps a plain-text body as it is', () => {
    expect(errorMessage(new ApiError(502, '502: Bad Gateway'), 'fallback')).toBe('502: Bad Gateway');
  });

  it('shows the message of an error that did not come from a response', () => {
    expect(errorMessage(new Error('title: Too long'), 'fallback')).toBe('title: Too long');
  });

  it('falls back when there is nothing to show', () => {
    expect(errorMessage(new ApiError(500, '500: {"message":""}'), 'There was an error saving your post.')).toBe(
      '500: There was an error saving your post.',
    );
    expect(errorMessage(new ApiError(400, '400: {"error":"Bad Request"}'), 'There was an error saving your post.')).toBe(
      '400: There was an error saving your post.',
    );
    expect(errorMessage(new ApiError(404, '404: '), 'Post not found')).toBe('404: Post not found');
    expect(errorMessage(new Error(''), 'There was an error saving your post.')).toBe('There was an error saving your post.');
    expect(errorMessage('not an error', 'There was an error saving your post.')).toBe('There was an error saving your post.');
  });
});
