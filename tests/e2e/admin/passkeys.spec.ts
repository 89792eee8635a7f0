import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../../playwright.config.ts';
import { expect, test, watchConsole } from '../fixtures.ts';
import { FLAG_KEY, unlockEditor } from './admin-support.ts';
import { noSidewaysScroll } from './back-office-support.ts';

/**
 * DESIGN.md "passkeys for the author", in Chromium with a virtual authenticator (the DevTools
 * protocol's WebAuthn domain): it answers the browser's passkey dialogs the way a phone or a
 * security key would, with real keys and signatures the server checks.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * The server is shared by every spec: whatever happens here, the site ends with no passkey and no
 * requirement, so the password alone opens it for the next spec. A recovery code kept by the test
 * is the way back in when the requirement is on.
 */
let recoveryCode: string | undefined;
test.afterEach(async ({ request }) => {
  const signedIn = await request.post('/api/admin/verify', { data: { password: E2E_ADMIN_PASSWORD, recoveryCode } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await removeEveryPasskey(request);
  recoveryCode = undefined;
});

async function removeEveryPasskey(api: APIRequestContext) {
  const overview = (await (await api.get('/api/admin/security')).json()) as { passkeys: Array<{ id: string }> };
  for (const { id } of overview.passkeys) expect((await api.delete(`/api/admin/security/passkeys/${id}`)).status()).toBe(204);
}

/** No serious axe violation and no sideways scroll, with everything the screen can show in view. */
async function checkScreen(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await noSidewaysScroll(page, what);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
}

async function typePassword(page: Page) {
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
}

test('adds a passkey, requires it, refuses the password alone, signs in with it, and removes it', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  const name = `Test laptop ${test.info().project.name}`;
  const problems = watchConsole(page);

  await unlockEditor(page, '/admin/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByText('No passkey yet.')).toBeVisible();
  // No requirement to turn on before a passkey exists.
  await expect(page.getByRole('switch', { name: 'Require a passkey' })).toHaveCount(0);

  // A name is asked for, next to its field.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Give the passkey a name, such as the device it is on.')).toBeVisible();
  await expect(page.getByLabel('Passkey name')).toBeFocused();

  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(`"${name}" now signs you in.`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText(name)).toBeVisible();
  await expect(list.getByText(/Added .* · Never used/)).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  // Ten recovery codes, shown once. The other project's run may have left a set: a new one voids it.
  const generate = page.getByRole('button', { name: /^Generate (new )?recovery codes$/ });
  const replacing = (await generate.textContent())!.includes('new');
  await generate.click();
  if (replacing) await page.getByRole('dialog').getByRole('button', { name: 'Generate', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const shown = await codes.allTextContents();
  expect(new Set(shown).size).toBe(10);
  for (const code of shown) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  recoveryCode = shown[0];
  await expect(page.getByText('10 of 10 codes left.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('10 of 10 codes left.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

  const requirement = page.getByRole('switch', { name: 'Require a passkey' });
  await expect(requirement).toHaveAttribute('aria-checked', 'false');
  await requirement.click();
  await expect(requirement).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('From now on, the password alone no longer opens the back office.')).toBeVisible();
  await checkScreen(page, '/admin/security');

  // The password alone is refused with DESIGN.md's words; the passkey then opens the session.
  await logOut(page);
  await typePassword(page);
  await expect(page.getByText('A passkey is required for this site.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeFocused();
  await checkScreen(page, 'the gate asking for a passkey');
  expect(await page.evaluate((key) => localStorage.getItem(key), FLAG_KEY)).toBeNull();
  expect(await (await page.request.get('/api/admin/session')).json()).toEqual({ authenticated: false });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Welcome to the blog admin panel.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(list.getByText(/Added .* · Last used /)).toBeVisible();

  // The gate's first screen offers the passkey too.
  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Welcome to the blog admin panel.')).toBeVisible();

  // The password and a recovery code, once; the same code a second time is refused.
  await logOut(page);
  await typePassword(page);
  await page.getByLabel('Recovery code').fill(shown[1]!.toLowerCase());
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expect(page.getByText('Welcome to the blog admin panel.')).toBeVisible();
  await expect(page.getByText('9 of 10 codes left.')).toBeVisible();
  await logOut(page);
  await typePassword(page);
  await page.getByLabel('Recovery code').fill(shown[1]!);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expect(page.getByText(/This recovery code is not one of yours, or it was used already/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Welcome to the blog admin panel.')).toBeVisible();

  // Removing the only passkey turns the requirement off: the password alone works again.
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this passkey?' })).toContainText('turns off Require a passkey');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`"${name}" no longer signs you in.`)).toBeVisible();
  await expect(page.getByText('No passkey yet.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Require a passkey' })).toHaveCount(0);
  await logOut(page);
  await typePassword(page);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  // The refused sign-ins above answered 401 on purpose; nothing else may have gone wrong.
  expect(problems.filter((line) => !line.includes('401'))).toEqual([]);
});

test('the gate says so when the site has no passkey any more', async ({ page, request }) => {
  await addVirtualAuthenticator(page);
  await unlockEditor(page, '/admin/security');
  await page.getByLabel('Passkey name').fill('Soon removed');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Soon removed')).toBeVisible();
  await logOut(page);

  // Removed elsewhere (another tab, the shell reset): the device still holds it.
  expect((await request.post('/api/admin/verify', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  await removeEveryPasskey(request);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(/No passkey has been added to this site yet: sign in with the password/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), FLAG_KEY)).toBeNull();
});
