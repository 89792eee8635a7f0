import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import { defaultSite } from '../../content/site.ts';
import type { BlogView } from '../../shared/posts.ts';
import type { SiteDocument, SiteRevision } from '../../shared/site.ts';
import { SITE_REVISIONS_KEPT } from '../services/site/index.ts';

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL }, { renderer });
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

const put = (document: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/site', headers, payload: document as object });
const current = async () => (await t.app.inject({ url: '/api/site' })).json<SiteDocument>();
/** The page's HTML as a visitor without a session gets it. */
const page = async (url: string) => (await t.app.inject({ url, headers: { 'user-agent': 'Mozilla/5.0' } })).body;
const withProfile = (site: SiteDocument, profile: Partial<SiteDocument['profile']>): SiteDocument => ({
  ...site,
  profile: { ...site.profile, ...profile },
});

describe('the site document', () => {
  it('is the defaults of src/content/site.ts on a fresh install, public to read', async () => {
    const response = await t.app.inject({ url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultSite);
  });

  it('is saved only by the author: 401 without the session, nothing changed', async () => {
    const response = await put(withProfile(defaultSite, { name: 'Intruder' }), {});
    expect(response.statusCode).toBe(401);
    expect((await current()).profile.name).toBe(defaultSite.profile.name);
  });

  it('answers 400 naming the field for a javascript: social link, a 2,000-item list and a NUL', async () => {
    const before = await current();
    const links = await put(withProfile(before, { socialLinks: [{ label: 'Evil', url: 'javascript:alert(1)' }] }));
    expect(links.statusCode).toBe(400);
    expect(links.json<{ message: string }>().message).toMatch(/^Invalid profile\.socialLinks\.0\.url: /);

    const many = { ...before, cv: { ...before.cv, roles: Array.from({ length: 2000 }, () => before.cv.roles[0]) } };
    const long = await put(many);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/^Invalid cv\.roles: /);

    const nul = await put(withProfile(before, { name: 'Ama\u0000' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ message: string }>().message).toMatch(/^Invalid profile\.name: /);

    // Every list at its cap, every point at its length: each field fits, the whole does not.
    const role = { ...before.cv.roles[0]!, points: Array.from({ length: 50 }, () => 'x'.repeat(300)) };
    const huge = await put({ ...before, cv: { ...before.cv, roles: Array.from({ length: 50 }, () => role) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toMatch(/larger than 256 KB/);

    const missing = await put({ ...before, profile: undefined });
    expect(missing.statusCode).toBe(400);
    expect(await current()).toEqual(before);
  });

  it('comes back as saved, and every page shows it in its first HTML', async () => {
    const saved = withProfile(await current(), {
      name: 'Wanjiru Kamau',
      tagline: 'Teaching robotics in Nairobi',
      socialLinks: [{ label: 'Mastodon', url: 'https://mastodon.social/@wanjiru' }],
    });
    saved.cv = {
      ...saved.cv,
      roles: [
        { title: 'Robotics Lead', organization: 'Nairobi Makers', location: 'Nairobi', start: 'Jan 2024', end: '', points: [] },
        ...saved.cv.roles,
      ],
    };
    saved.blog = { ...saved.blog, title: 'Robots and Reading' };
    const response = await put(saved);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(saved);
    expect(await current()).toEqual(saved);

    const home = await page('/');
    expect(home).toContain('Wanjiru Kamau: Teaching robotics in Nairobi');
    expect(home).toMatch(/<a href="https:\/\/mastodon\.social\/@wanjiru"[^>]*rel="me noopener noreferrer"/);
    // JSON-LD Person with sameAs, and the placeholders gone.
    expect(home).toContain('"sameAs":["https://mastodon.social/@wanjiru"]');
    expect(home).not.toContain('linkedin.com/in/example');
    const cv = await page('/cv');
    expect(cv).toContain('<title>About Me | Wanjiru Kamau</title>');
    expect(cv).toContain('Robotics Lead');
    expect(cv).toContain('Present');
    expect(await page('/blog')).toContain('Robots and Reading');
    const rss = await page('/rss.xml');
    expect(rss).toContain('<title>Robots and Reading</title>');
    expect(rss).toContain('Wanjiru Kamau');
  });

  it(`keeps the last ${SITE_REVISIONS_KEPT} saves as revisions, newest first, and restores one`, async () => {
    const base = await current();
    for (let i = 1; i <= SITE_REVISIONS_KEPT + 3; i++) {
      expect((await put(withProfile(base, { name: `Owner ${i}` }))).statusCode).toBe(200);
    }
    const listed = await t.app.inject({ url: '/api/admin/site/revisions', headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    const revisions = listed.json<SiteRevision[]>();
    expect(revisions).toHaveLength(SITE_REVISIONS_KEPT);
    expect(revisions[0]!.name).toBe(`Owner ${SITE_REVISIONS_KEPT + 3}`);
    expect(revisions.at(-1)!.name).toBe('Owner 4');

    const older = revisions.find((revision) => revision.name === 'Owner 50')!;
    const one = await t.app.inject({ url: `/api/admin/site/revisions/${older.id}`, headers: { cookie } });
    expect(one.json<SiteDocument>().profile.name).toBe('Owner 50');
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/admin/site/revisions/${older.id}/restore`,
      headers: { cookie },
    });
    expect(restored.statusCode).toBe(200);
    expect((await current()).profile.name).toBe('Owner 50');
    expect(await page('/cv')).toContain('Owner 50');
    const after = (await t.app.inject({ url: '/api/admin/site/revisions', headers: { cookie } })).json<SiteRevision[]>();
    expect(after[0]!.name).toBe('Owner 50');

    for (const url of ['/api/admin/site/revisions', `/api/admin/site/revisions/${older.id}`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    const none = await t.app.inject({
      url: '/api/admin/site/revisions/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/site/revisions/not-an-id', headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('renaming a category', () => {
  it('keeps the posts tagged with the old label in it, by the label it had', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ slug: 'tagged-before-the-rename', title: 'Tagged before the rename', tags: ['Digital Literacy'] }),
    });
    expect(created.statusCode).toBe(201);
    const site = await current();
    site.blog = {
      ...site.blog,
      categories: site.blog.categories.map((category) =>
        category.label === 'Digital Literacy' ? { label: 'Digital Skills', tags: ['Digital Literacy'] } : category,
      ),
    };
    expect((await put(site)).statusCode).toBe(200);

    const view = await t.app.inject({ url: '/api/blog-view?category=Digital%20Skills' });
    expect(view.statusCode).toBe(200);
    expect(view.json<BlogView>().posts.map((post) => post.slug)).toContain('tagged-before-the-rename');
    // The old label is no category any more: the API says which ones are.
    const old = await t.app.inject({ url: '/api/blog-view?category=Digital%20Literacy' });
    expect(old.statusCode).toBe(400);
    expect(old.json<{ message: string }>().message).toContain('Digital Skills');
    // The page's buttons follow the document, and its view of the category lists the post.
    const blog = await page('/blog?category=Digital+Skills');
    expect(blog).toContain('value="Digital Skills"');
    expect(blog).not.toContain('value="Digital Literacy"');
    expect(blog).toContain('Tagged before the rename');
    // Search still finds it by its tag, whatever the categories are.
    const found = await t.app.inject({ url: '/api/blog-view?q=Digital%20Literacy' });
    expect(found.json<BlogView>().posts.map((post) => post.slug)).toContain('tagged-before-the-rename');
  });
});

describe('/resume.json', () => {
  it('serves the CV as JSON Resume 1.0.0, from the document as saved now', async () => {
    const site = await current();
    const response = await t.app.inject({ url: '/resume.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const resume = response.json<Record<string, unknown> & { basics: Record<string, unknown>; work: unknown[] }>();
    expect(resume.$schema).toMatch(/resume-schema\/v1\.0\.0\/schema\.json$/);
    expect(resume.basics).toMatchObject({ name: site.profile.name, url: SITE_URL });
    expect(resume.work).toHaveLength(site.cv.roles.length);
    for (const key of ['education', 'certificates', 'skills', 'projects']) expect(resume, key).toHaveProperty(key);
  });
});
