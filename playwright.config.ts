import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
/** The site's SMTP server and where the specs read what it was given (tests/support/e2e-mailbox.ts). */
const SMTP_PORT = PORT + 1;
const MAILBOX_PORT = PORT + 2;
export const E2E_MAILBOX_URL = `http://127.0.0.1:${MAILBOX_PORT}`;

/** DESIGN.md: CHROME_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser. */
const executablePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const launchOptions = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Generous: a limit for a stuck test, not a measure of speed. On a loaded machine (load 8-10 on
  // 2 cores, seen in CI) an axe scan of a long form alone took over 20 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    // A domain name, not an IP address: browsers refuse passkeys on an IP (DESIGN.md), and the site's
    // address must be the one the browser is on. `localhost` counts.
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'mobile', use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, launchOptions } },
  ],
  webServer: [
    {
      command: `node tests/support/e2e-mailbox.ts ${SMTP_PORT} ${MAILBOX_PORT}`,
      url: `${E2E_MAILBOX_URL}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production build on a fresh embedded database.
      command: `rm -rf .tmp/e2e-data-${PORT} && node src/server/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/admin/session`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `.tmp/e2e-data-${PORT}`,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        SITE_URL: `http://localhost:${PORT}`,
        VISITOR_WRITE_LIMIT: '1000',
        // The import specs serve their fixture article on loopback.
        IMPORT_ALLOW_HOSTS: '127.0.0.1',
        // Mail (contact, comments, the newsletter) goes to the mailbox above.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        CONTACT_TO: 'author@e2e.example',
      },
    },
  ],
});
