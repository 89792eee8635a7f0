import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { siteImportResultSchema, type SiteImportResult } from '../../src/shared/backup.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { loadConfig } from '../../src/server/env.ts';
import { ensureAdminAccount } from '../../src/server/services/auth/admin-account.ts';
import { LocalStorage } from '../../src/server/adapters/storage.ts';

/**
 * The database's tables, for tests that arrange or inspect rows directly (pin a time, check what
 * was stored). Route modules never touch the database; their tests reach it through the test app.
 */
export const tables = schema;

export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database: a copy of the prepared PGlite cluster, or with DATABASE_URL a new
 * database on that PostgreSQL server, dropped again on close.
 */
export async function createTestDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    await handle.migrate();
    return {
      db: handle.db,
      close: async () => {
        // Resolves only once every pooled connection is really gone (see openDatabase), so the
        // drop needs no FORCE: a connection still open here is a leak, and fails loudly instead
        // of being killed mid-goodbye (which surfaced as an unhandled FATAL 57P01).
        await handle.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        try {
          await dropper.query(`drop database if exists ${name}`);
        } finally {
          await dropper.end();
        }
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const pglite = new PGlite({ loadDataDir: new Blob([template]) });
  const handle = await openDatabase({ pglite });
  return { db: handle.db, close: handle.close };
}

/** The real app on a real database, with the environment given (as the operator would set it). */
export async function createTestApp(env: Record<string, string> = {}, overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  await ensureAdminAccount(database.db, ADMIN_PASSWORD);
  const app = await buildApp({
    config,
    db: database.db,
    storage: new LocalStorage(dataDir),
    sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in as the admin and returns the Cookie header value to send with admin requests. */
export async function adminCookie(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/verify', payload: { password: ADMIN_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  // `__Host-admin_session` when the app's SITE_URL is https.
  const cookie = response.cookies.find((c) => c.name.endsWith('admin_session'));
  if (!cookie) throw new Error('admin login set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** A file imported as the dashboard sends it (`POST /api/admin/import`); its answer, or throws with it. */
export async function importAsAdmin(
  app: FastifyInstance,
  cookie: string,
  body: string | Buffer,
  contentType: string,
  query = '',
): Promise<SiteImportResult> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/import${query}`,
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${response.body}`);
  return siteImportResultSchema.parse(response.json());
}

/**
 * The editor's upload flow as the admin: an upload address, the bytes PUT there, then attached.
 * Answers the stored image's object path; a step that fails throws with its answer.
 */
export async function uploadImage(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  contentType = 'image/jpeg',
): Promise<string> {
  const step = (name: string, response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 200) throw new Error(`upload ${name} failed: ${response.statusCode} ${response.body}`);
    return response;
  };
  const asked = step('address', await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } }));
  const { uploadURL } = JSON.parse(asked.body) as { uploadURL: string };
  step('PUT', await app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': contentType } }));
  const attached = step(
    'attach',
    await app.inject({ method: 'PUT', url: '/api/objects/upload', headers: { cookie }, payload: { bannerImageURL: uploadURL } }),
  );
  return (JSON.parse(attached.body) as { objectPath: string }).objectPath;
}

/** A minimal post payload as the editor sends it. */
export function postPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Coding Clubs in Kampala',
    slug: '',
    content: '# Coding clubs\n\nStudents in **Kampala** build apps for their communities.',
    excerpt: 'How after-school coding clubs grow future leaders.',
    tags: ['Educational Innovation', 'Youth Leadership'],
    published: true,
    metadata: { readTime: 1, author: 'Author Name' },
    ...overrides,
  };
}
