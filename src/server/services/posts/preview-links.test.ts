import { describe, expect, it } from 'vitest';
import { PREVIEW_LINK_DAYS } from '../../../shared/revisions.ts';
import { PreviewLinks } from './preview-links.ts';

const SITE_URL = 'https://blog.example.org';
const SECRET = 'a-session-secret-that-is-long-enough';
const POST_ID = '3f2b8c1e-5d4a-4c6b-9e7f-0a1b2c3d4e5f';
const OTHER_POST_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const SECOND = 1000;
const VALID_FOR = PREVIEW_LINK_DAYS * 24 * 3600 * SECOND;
const MADE_AT = new Date('2026-04-01T08:30:00.000Z');

/** The links an app makes and checks when its clock reads `at`. */
function linksAt(at: Date, secret = SECRET) {
  return new PreviewLinks(secret, SITE_URL, () => at);
}
const tokenOf = (url: string) => url.slice(`${SITE_URL}/preview/`.length);

describe('PreviewLinks', () => {
  const link = linksAt(MADE_AT).create(POST_ID);
  const token = tokenOf(link.url);

  it(`makes an absolute /preview/ address that expires ${PREVIEW_LINK_DAYS} days later`, () => {
    expect(link.url.startsWith(`${SITE_URL}/preview/`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(link.expiresAt).toBe(new Date(MADE_AT.getTime() + VALID_FOR).toISOString());
  });

  it('opens the post it was made for until it expires', () => {
    expect(linksAt(MADE_AT).verify(token)).toBe(POST_ID);
    expect(linksAt(new Date(MADE_AT.getTime() + VALID_FOR - SECOND)).verify(token)).toBe(POST_ID);
    expect(linksAt(new Date(MADE_AT.getTime() + VALID_FOR)).verify(token)).toBeUndefined();
    expect(linksAt(new Date(MADE_AT.getTime() + VALID_FOR + SECOND)).verify(token)).toBeUndefined();
  });

  it('refuses a link signed with another secret (the secret changed: every link revoked)', () => {
    expect(linksAt(MADE_AT, 'another-session-secret-that-is-long').verify(token)).toBeUndefined();
    const foreign = tokenOf(linksAt(MADE_AT, 'another-session-secret-that-is-long').create(POST_ID).url);
    expect(linksAt(MADE_AT).verify(foreign)).toBeUndefined();
  });

  it('refuses a link whose post, expiry or signature was changed', () => {
    const [id, expires, signature] = token.split('.') as [string, string, string];
    const checker = linksAt(MADE_AT);
    // Each part as made is accepted together...
    expect(checker.verify(`${id}.${expires}.${signature}`)).toBe(POST_ID);
    // ...and not with one part changed.
    expect(checker.verify(`${OTHER_POST_ID}.${expires}.${signature}`)).toBeUndefined();
    expect(checker.verify(`${id.toUpperCase()}.${expires}.${signature}`)).toBeUndefined();
    expect(checker.verify(`${id}.${(parseInt(expires, 36) + 3600).toString(36)}.${signature}`)).toBeUndefined();
    for (let i = 0; i < signature.length; i++) {
      const changed = signature.slice(0, i) + (signature[i] === 'a' ? 'b' : 'a') + signature.slice(i + 1);
      expect(checker.verify(`${id}.${expires}.${changed}`), `character ${i}`).toBeUndefined();
    }
    expect(checker.verify(`${id}.${expires}.${signature.slice(0, -1)}`)).toBeUndefined();
    expect(checker.verify(`${id}.${expires}.${signature}A`)).toBeUndefined();
  });

  it('refuses garbage without throwing', () => {
    const checker = linksAt(MADE_AT);
    for (const garbage of [
      '',
      '.',
      '..',
      '...',
      'garbage',
      'a.b.c',
      POST_ID,
      `${POST_ID}.`,
      `${POST_ID}..`,
      `${token}.x`,
      'é.ü.ß',
    ]) {
      expect(checker.verify(garbage), garbage).toBeUndefined();
    }
  });

  it('signs each post differently: a signature does not carry over to another post', () => {
    const other = tokenOf(linksAt(MADE_AT).create(OTHER_POST_ID).url);
    expect(other.split('.')[2]).not.toBe(token.split('.')[2]);
    expect(linksAt(MADE_AT).verify(other)).toBe(OTHER_POST_ID);
  });
});
