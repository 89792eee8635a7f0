import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, createPost, expect, test, watchConsole } from '../fixtures.ts';
import { unlockEditor } from './admin-support.ts';
import { noSidewaysScroll, unique } from './back-office-support.ts';

const JSON_RESUME = new URL('../../../src/shared/__fixtures__/json-resume-full.json', import.meta.url);
const SECTIONS = ['Profile', 'Home', 'CV', 'Blog'] as const;
/** A 1x1 PNG: the smallest image the upload pipeline takes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

type SiteDocument = {
  profile: { name: string; tagline: string };
  blog: { categories: Array<{ label: string; tags: string[] }> };
} & Record<string, unknown>;

async function siteDocument(request: APIRequestContext): Promise<SiteDocument> {
  const response = await request.get('/api/site');
  expect(response.status()).toBe(200);
  return (await response.json()) as SiteDocument;
}

async function putSite(request: APIRequestContext, document: SiteDocument): Promise<void> {
  const api = await adminApi(request);
  const response = await api.put('/api/admin/site', { data: document });
  expect(response.status(), await response.text()).toBe(200);
}

// Every test changes the one site document: it is put back as it was, so other specs see theirs.
let original: SiteDocument;
test.beforeEach(async ({ request }) => {
  original = await siteDocument(request);
});
test.afterEach(async ({ request }) => {
  await putSite(request, original);
});

const panel = (page: Page, name: (typeof SECTIONS)[number]) => page.getByRole('tabpanel', { name });

async function openSection(page: Page, name: (typeof SECTIONS)[number]) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(panel(page, name)).toBeVisible();
}

/** Clicks Save and waits for the server's answer, then for the toast. */
async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/site') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Site saved', { exact: true })).toBeVisible();
  await expect(page.getByText('All changes saved', { exact: true })).toBeVisible();
}

async function openSiteScreen(page: Page) {
  await unlockEditor(page, '/admin/site');
  await expect(page.getByRole('heading', { level: 1, name: 'Site', exact: true })).toBeVisible();
  await expect(panel(page, 'Profile').getByLabel('Name', { exact: true })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a new name, tagline and Mastodon link are in the first HTML of / (with rel="me") and on /cv', async ({ page }) => {
  const problems = watchConsole(page);
  const name = unique('Site Owner');
  const tagline = unique('Building things that last');
  const mastodon = `https://mastodon.social/@someone${Date.now()}`;

  await openSiteScreen(page);
  const profile = panel(page, 'Profile');
  await profile.getByLabel('Name', { exact: true }).fill(name);
  await profile.getByLabel('Tagline', { exact: true }).fill(tagline);
  await profile.getByRole('button', { name: 'Add social link' }).click();
  const added = profile.getByRole('list', { name: 'Social links' }).getByRole('listitem').last();
  // The new item's first field takes the focus.
  await expect(added.getByLabel('Label', { exact: true })).toBeFocused();
  await added.getByLabel('Label', { exact: true }).fill('Mastodon');
  await added.getByLabel('URL', { exact: true }).fill(mastodon);
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await save(page);

  const home = await page.request.get('/');
  expect(home.status()).toBe(200);
  const html = await home.text();
  expect(html).toContain(name);
  // The tagline shows in the hero only while its title is left empty: checked in the saved document.
  expect((await siteDocument(page.request)).profile.tagline).toBe(tagline);
  const links = html.match(new RegExp(`<a [^>]*href="${escapeRegExp(mastodon)}"[^>]*>`, 'g')) ?? [];
  expect(links.length, 'a link to the Mastodon profile').toBeGreaterThan(0);
  expect(
    links.some((link) => /\brel="me[ "]/.test(link)),
    links.join('\n'),
  ).toBe(true);

  // The screen itself logged no error or warning (hydration, keys, failed requests).
  expect(problems).toEqual([]);

  const cv = await page.request.get('/cv');
  expect(await cv.text()).toContain(name);
  await page.goto('/cv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('a role added to the CV shows on /cv, Present when it has no end', async ({ page }) => {
  const title = unique('Chief Tinkerer');
  await openSiteScreen(page);
  await openSection(page, 'CV');
  const cv = panel(page, 'CV');
  await cv.getByRole('button', { name: 'Add role' }).click();
  const role = cv.getByRole('list', { name: 'Experience' }).getByRole('listitem').last();
  await role.getByLabel('Role', { exact: true }).fill(title);
  await role.getByLabel('Organisation', { exact: true }).fill('Workshop of Odd Machines');
  await role.getByLabel('Start', { exact: true }).fill('Jan 2024');
  await role.getByLabel('Points', { exact: true }).fill('Built a clock that runs on rain\nTaught twelve apprentices');
  await expect(role.getByRole('button', { name: `Remove: ${title}, Workshop of Odd Machines` })).toBeVisible();
  await save(page);

  await page.goto('/cv');
  const heading = page.getByRole('heading', { level: 3, name: title });
  await expect(heading).toBeVisible();
  const entry = page.getByRole('listitem').filter({ has: heading });
  await expect(entry).toContainText('Workshop of Odd Machines');
  await expect(entry).toContainText('Jan 2024 – Present');
  await expect(entry).toContainText('Taught twelve apprentices');
});

test('lists reorder from the keyboard, keeping the focus on the moved item', async ({ page }) => {
  await openSiteScreen(page);
  const profile = panel(page, 'Profile');
  const list = profile.getByRole('list', { name: 'Social links' });
  for (const label of ['First added', 'Second added']) {
    await profile.getByRole('button', { name: 'Add social link' }).click();
    const item = list.getByRole('listitem').last();
    await expect(item.getByLabel('Label', { exact: true })).toBeFocused();
    await page.keyboard.type(label);
    await item.getByLabel('URL', { exact: true }).fill('https://example.org/me');
  }
  const labels = () =>
    list.getByLabel('Label', { exact: true }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const before = await labels();
  expect(before.slice(-2)).toEqual(['First added', 'Second added']);

  await profile.getByRole('button', { name: 'Move up: Second added' }).focus();
  await page.keyboard.press('Enter');
  expect(await labels()).toEqual([...before.slice(0, -2), 'Second added', 'First added']);
  // Still on the moved item: its Move up, or Move down once it is first.
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Move (up|down): Second added$/);
  // Removed, the focus goes to the Remove of the item that took its place.
  await profile.getByRole('button', { name: 'Remove: Second added' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Remove: First added');
  expect(await labels()).toEqual([...before.slice(0, -2), 'First added']);
});

test('a field the schema refuses is named beside it and focused, and nothing is sent', async ({ page }) => {
  await openSiteScreen(page);
  const profile = panel(page, 'Profile');
  await profile.getByRole('button', { name: 'Add social link' }).click();
  const item = profile.getByRole('list', { name: 'Social links' }).getByRole('listitem').last();
  await item.getByLabel('Label', { exact: true }).fill('Broken');
  const url = item.getByLabel('URL', { exact: true });
  await url.fill('javascript:alert(1)');
  await openSection(page, 'Blog');
  await panel(page, 'Blog').getByLabel('Title', { exact: true }).fill('');

  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/admin/site')) puts += 1;
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Back on Profile, where the first problem is.
  await expect(url).toBeFocused();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription('URL must be an http(s) address');
  await expect(page.getByText('Check the highlighted fields', { exact: true })).toBeVisible();
  await openSection(page, 'Blog');
  await expect(panel(page, 'Blog').getByLabel('Title', { exact: true })).toHaveAccessibleDescription('Title is required');
  expect(puts).toBe(0);
  // Fixing a field takes its message away.
  await openSection(page, 'Profile');
  await url.fill('https://example.org/broken');
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
});

test('Import JSON Resume fills the form for review; saved, the imported name is on /cv', async ({ page }) => {
  const resume = JSON.parse(await readFile(JSON_RESUME, 'utf8')) as { basics: { name: string } };
  await openSiteScreen(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON Resume' }).click();
  await (await chooser).setFiles(fileURLToPath(JSON_RESUME));

  const notice = page.getByRole('status').filter({ hasText: 'Filled from json-resume-full.json' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Not imported: |Everything in the file found a place\./);
  await expect(panel(page, 'Profile').getByLabel('Name', { exact: true })).toHaveValue(resume.basics.name);
  // Not saved until the author says so.
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  expect((await (await page.request.get('/api/site')).json()).profile.name).not.toBe(resume.basics.name);

  await save(page);
  const cv = await page.request.get('/cv');
  expect(await cv.text()).toContain(resume.basics.name);
  await page.goto('/cv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(resume.basics.name);
});

test('a file that is not a JSON Resume is refused with a reason, and the form keeps its values', async ({ page }) => {
  await openSiteScreen(page);
  const name = panel(page, 'Profile').getByLabel('Name', { exact: true });
  const before = await name.inputValue();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON Resume' }).click();
  await (await chooser).setFiles({ name: 'list.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2, 3]') });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a JSON Resume' })).toBeVisible();
  await expect(name).toHaveValue(before);
  await expect(page.getByText('All changes saved', { exact: true })).toBeVisible();
});

test('Restore in History brings an earlier version back, on the form and on the site', async ({ page, request }) => {
  const earlier = unique('Earlier Owner');
  const later = unique('Later Owner');
  await putSite(request, { ...original, profile: { ...original.profile, name: earlier } });
  await putSite(request, { ...original, profile: { ...original.profile, name: later } });

  await openSiteScreen(page);
  const name = panel(page, 'Profile').getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(later);
  const history = page.getByRole('region', { name: 'History' });
  const version = history.getByRole('listitem').filter({ hasText: earlier });
  await expect(version).toHaveCount(1);
  await version.getByRole('button', { name: /^Restore/ }).click();
  await expect(page.getByText('Version restored', { exact: true })).toBeVisible();
  await expect(name).toHaveValue(earlier);
  await expect(page.getByText('All changes saved', { exact: true })).toBeVisible();
  // Saved again as the newest version.
  await expect(history.getByRole('listitem').first()).toContainText(earlier);

  expect((await (await page.request.get('/api/site')).json()).profile.name).toBe(earlier);
  const cv = await page.request.get('/cv');
  expect(await cv.text()).toContain(earlier);
});

test('a renamed category keeps the posts tagged with its old label', async ({ page, request }) => {
  const oldLabel = unique('Old Topic');
  const newLabel = unique('New Topic');
  const { blog } = original;
  await putSite(request, { ...original, blog: { ...blog, categories: [...blog.categories, { label: oldLabel, tags: [] }] } });
  const post = await createPost(request, { title: unique('Filed under the old label'), tags: [oldLabel] });

  await openSiteScreen(page);
  await openSection(page, 'Blog');
  const blogPanel = panel(page, 'Blog');
  const labels = blogPanel.getByLabel('Label', { exact: true });
  const values = await labels.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const label = labels.nth(values.indexOf(oldLabel));
  await label.fill(newLabel);
  const keep = blogPanel.getByRole('button', { name: `Remove tag ${oldLabel} from ${newLabel}` });
  await expect(keep).toBeVisible();
  await expect(blogPanel.getByRole('list', { name: `Also shows posts tagged (${newLabel})` })).toBeVisible();
  await save(page);

  const saved = await siteDocument(request);
  expect(saved.blog.categories.find((category) => category.label === newLabel)?.tags).toEqual([oldLabel]);
  await page.goto(`/blog?category=${encodeURIComponent(newLabel)}`);
  await expect(page.getByRole('heading', { level: 2, name: post.title })).toBeVisible();
});

test('a photo goes through the upload dialog; the form shows it and Remove clears it', async ({ page }) => {
  await openSiteScreen(page);
  const profile = panel(page, 'Profile');
  await profile.getByRole('button', { name: 'Upload photo' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner').filter({ visible: true });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: /^Upload 1 file$/ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  const photo = profile.getByLabel('Photo', { exact: true });
  await expect(photo).toHaveValue(/^\/objects\/uploads\//);
  const preview = profile.locator(`img[src="${await photo.inputValue()}"]`);
  await expect(preview).toBeVisible();
  await profile.getByRole('button', { name: 'Remove photo' }).click();
  await expect(photo).toHaveValue('');
  await expect(photo).toBeFocused();
  await expect(preview).toHaveCount(0);
});

test('/admin/site has no serious axe violation and no sideways scroll on any tab, errors shown included', async ({ page }) => {
  await openSiteScreen(page);
  // An error on screen, so that its colours are checked too.
  await panel(page, 'Profile').getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel(page, 'Profile').getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  for (const section of SECTIONS) {
    await openSection(page, section);
    await expect(panel(page, section).getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${section}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await noSidewaysScroll(page, `/admin/site ${section}`);
  }
  await expect(panel(page, 'Blog')).toContainText('All Posts always comes first');
});

test('the dashboard lists the placeholders left, each link opens its field; none is left on the pages once replaced', async ({
  page,
  request,
}) => {
  await unlockEditor(page, '/admin');
  const checklist = page.getByRole('region', { name: 'Make the site yours' });
  await expect(checklist).toBeVisible();
  await checklist.getByRole('link', { name: 'Put in your own e-mail address' }).click();
  await expect(page).toHaveURL(/\/admin\/site#profile\.email$/);
  await expect(panel(page, 'Profile').getByLabel('E-mail', { exact: true })).toBeFocused();

  // The owner replaces every placeholder (here through the API the screen saves with).
  const owned = JSON.parse(JSON.stringify(original)) as {
    profile: { email: string; photo: string; socialLinks: { label: string; url: string }[] };
    home: { partners: { website: string; logo: string }[] };
    cv: { projects: { url: string }[]; connectUrl: string };
    meta: { shareImage: string };
  };
  owned.profile.email = 'owner@owner.dev';
  owned.profile.photo = 'https://images.owner.dev/me.jpg';
  owned.profile.socialLinks = [{ label: 'Mastodon', url: 'https://mastodon.social/@owner' }];
  owned.home.partners = owned.home.partners.map((partner, i) => ({
    ...partner,
    website: `https://partner${i}.owner.dev`,
    logo: `https://images.owner.dev/partner${i}.png`,
  }));
  owned.cv.projects = owned.cv.projects.map((project) => ({ ...project, url: '' }));
  owned.cv.connectUrl = 'https://www.linkedin.com/in/owner-dev';
  owned.meta.shareImage = 'https://images.owner.dev/share.png';
  await putSite(request, owned as unknown as SiteDocument);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Make the site yours' })).toHaveCount(0);
  // The portfolio, the CV and every page's head and footer carry no placeholder address.
  for (const url of ['/cv', '/resume.json']) {
    const body = await (await request.get(url)).text();
    expect(body, url).not.toMatch(/example\.(com|org)|\/(in\/)?example"/);
  }
  const home = await (await request.get('/')).text();
  const [head] = home.split('<main');
  const footer = home.slice(home.lastIndexOf('<footer'));
  expect(`${head}${footer}`).not.toMatch(/example\.(com|org)|\/(in\/)?example"/);
  expect(home).toContain('https://partner0.owner.dev');
});
