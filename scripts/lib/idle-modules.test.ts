// What an idle server holds in memory counts against DESIGN.md's 150 MB: the libraries of features
// used now and then (passkeys, e-mail, images, imports, backups, the URL importer, S3, markdown)
// load when first used, never at start. A static import of one of them in a module the server
// loads at start fails this test. Nothing here is timed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './startup.ts';

/** Packages of features an idle server has not used. */
const LOADED_WHEN_USED = [
  '@simplewebauthn/server',
  '@peculiar/asn1-schema',
  'nodemailer',
  'sharp',
  'csv-parse',
  'csv-stringify',
  'yazl',
  'yauzl',
  'yaml',
  'smol-toml',
  'htmlparser2',
  'linkedom',
  '@mozilla/readability',
  'turndown',
  'unified',
  'remark-parse',
  'rehype-sanitize',
  'feed',
  'file-type',
  'diff',
  '@aws-sdk/client-s3',
  'pg',
];

const hook = pathToFileURL(path.resolve(import.meta.dirname, '../../tests/support/log-modules.mjs')).href;

describe('an idle server', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'folio-idle-modules-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has loaded none of the libraries of features not yet used', async () => {
    const log = path.join(dir, 'modules.txt');
    const server = await startServer({
      dataDir: path.join(dir, 'data'),
      entry: 'main',
      // The API alone: the test does not depend on a build of the pages.
      paths: ['/api/blog-posts?published=true'],
      env: {
        DATABASE_URL: undefined,
        ADMIN_PASSWORD: 'idle-modules-password',
        NODE_OPTIONS: `--import ${hook}`,
        MODULE_LOG_FILE: log,
      },
    });
    await server.stop();
    const loaded = readFileSync(log, 'utf8').split('\n');
    const packageOf = (url: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    const packages = new Set(loaded.map(packageOf).filter(Boolean));
    // The log works: the server's own modules and its web framework are in it.
    expect(loaded.some((url) => url.endsWith('/src/server/app.ts'))).toBe(true);
    expect(packages).toContain('fastify');
    expect(LOADED_WHEN_USED.filter((name) => packages.has(name))).toEqual([]);
  }, 120_000);
});
