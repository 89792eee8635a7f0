import { describe, expect, it } from 'vitest';
import { defaultSite } from '../../../content/site.ts';
import type { SiteDocument } from '../../../shared/site.ts';
import { isExampleAddress, placeholdersLeft } from './first-run.ts';

describe('placeholdersLeft', () => {
  it('lists every placeholder of a fresh install, each with the field that replaces it', () => {
    const fields = placeholdersLeft(defaultSite).map((item) => item.field);
    expect(fields).toEqual([
      'profile.email',
      'profile.photo',
      'profile.socialLinks.0.url',
      'profile.socialLinks.1.url',
      'profile.socialLinks.2.url',
      'meta.shareImage',
      'home.partners.0.website',
      'home.partners.0.logo',
      'cv.connectUrl',
    ]);
  });

  it('counts the partners left on one line each', () => {
    const labels = placeholdersLeft(defaultSite).map((item) => item.label);
    expect(labels).toContain('Give your partners their real websites (6)');
    expect(labels).toContain("Upload your partners' own images (6)");
  });

  it('is empty once the owner has replaced each of them', () => {
    const owned: SiteDocument = {
      ...defaultSite,
      profile: {
        ...defaultSite.profile,
        email: 'ama@ama.dev',
        photo: '/objects/uploads/00000000-0000-4000-8000-000000000001',
        socialLinks: [{ label: 'Mastodon', url: 'https://mastodon.social/@ama' }],
      },
      home: { ...defaultSite.home, partners: [] },
      cv: { ...defaultSite.cv, connectUrl: '' },
      meta: { ...defaultSite.meta, shareImage: '/objects/uploads/00000000-0000-4000-8000-000000000002' },
    };
    expect(placeholdersLeft(owned)).toEqual([]);
    // Nothing on the example domains is left anywhere in the document.
    expect(JSON.stringify(owned)).not.toMatch(/example\.(com|org)|\/example"/);
  });

  it('knows an example address from one that only looks like it', () => {
    expect(isExampleAddress('hello@example.com')).toBe(true);
    expect(isExampleAddress('https://www.example.org/code-club')).toBe(true);
    expect(isExampleAddress('https://example.net')).toBe(true);
    expect(isExampleAddress('https://www.linkedin.com/in/example')).toBe(true);
    expect(isExampleAddress('https://github.com/example')).toBe(true);
    expect(isExampleAddress('https://github.com/examples-of-code')).toBe(false);
    expect(isExampleAddress('https://myexample.com')).toBe(false);
    expect(isExampleAddress('https://example.com.evil.dev')).toBe(false);
    expect(isExampleAddress('')).toBe(false);
  });
});
