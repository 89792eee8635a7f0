import { describe, expect, it } from 'vitest';
import { isActivePath } from './navbar.tsx';

describe('isActivePath', () => {
  it('marks / only on an exact match', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/blog', '/')).toBe(false);
  });
  it('marks other links on a prefix match of whole segments', () => {
    expect(isActivePath('/blog', '/blog')).toBe(true);
    expect(isActivePath('/blog/some-post', '/blog')).toBe(true);
    expect(isActivePath('/cv', '/blog')).toBe(false);
  });
});
