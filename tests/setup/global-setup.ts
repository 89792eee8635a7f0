import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite cluster takes seconds; migrate one once and let every test file load a copy
 * of it (under half a second). With DATABASE_URL, each test file makes its own database instead.
 * The copy is removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar.gz`);
  if (!process.env.DATABASE_URL) {
    const pglite = new PGlite();
    const handle = await openDatabase({ pglite });
    await handle.migrate();
    const dump = await pglite.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
