import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-app.ts';
import type { Database } from './client.ts';
import { migrationsFolder } from './client.ts';
import * as schema from './schema.ts';

/**
 * schema.ts is what the code queries; the committed migrations are what every database actually
 * gets. When they disagree (a column added to the schema without `npm run db:generate`, or a
 * migration edited by hand), queries fail at run time on real data. These tests catch it.
 */

type Snapshot = Parameters<typeof generateMigration>[0];

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

function readSnapshot(idx: number): Snapshot {
  const file = path.join(migrationsFolder, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
}

describe('committed migrations', () => {
  it('has one SQL file per journal entry, in order', () => {
    const files = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_e, i) => i));
  });

  it('leave nothing for drizzle-kit to generate: the latest snapshot matches schema.ts', async () => {
    const latest = readSnapshot(journal.entries.at(-1)!.idx);
    const current = generateDrizzleJson(schema, latest.id);
    // Non-empty means: run `npm run db:generate` and commit the new migration.
    expect(await generateMigration(latest, current)).toEqual([]);
  });
});

/** Everything about the public schema that queries depend on, as PostgreSQL itself prints it. */
async function describeSchema(db: Database): Promise<Record<'columns' | 'constraints' | 'indexes' | 'types', string[]>> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<{ line: string }> }).rows.map((r) => r.line);
  return {
    columns: await rows(sql`
      select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else '' end
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') as line
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by 1`),
    // Named as the schema names them; primary keys by their columns only (PostgreSQL names them
    // after the table, and a renamed table keeps the old name). NOT NULL is in `columns`.
    constraints: await rows(sql`
      select c.relname || ' ' || case when k.contype = 'p' then '' else k.conname || ' ' end
        || pg_get_constraintdef(k.oid) as line
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype <> 'n'
      order by 1`),
    // Indexes of their own; those behind primary keys and unique constraints are covered above.
    indexes: await rows(sql`
      select pg_get_indexdef(i.indexrelid) as line
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`),
    types: await rows(sql`
      select t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder) as line
      from pg_type t
      join pg_enum e on e.enumtypid = t.oid
      join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public'
      group by t.typname
      order by 1`),
  };
}

describe('a database built by the committed migrations', () => {
  let migrated: Awaited<ReturnType<typeof createTestDatabase>>;
  let fromSchema: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    [migrated, fromSchema] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    // Rebuild the second one from schema.ts alone, with the SQL drizzle-kit derives from it.
    for (const statement of ['drop schema public cascade', 'drop schema if exists drizzle cascade', 'create schema public']) {
      await fromSchema.db.execute(sql.raw(statement));
    }
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    for (const statement of statements) await fromSchema.db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await migrated?.close();
    await fromSchema?.close();
  });

  it('has exactly the tables, columns, defaults, constraints and indexes that schema.ts declares', async () => {
    const actual = await describeSchema(migrated.db);
    const expected = await describeSchema(fromSchema.db);
    expect(actual.columns.length).toBeGreaterThan(0);
    expect(actual.constraints.length).toBeGreaterThan(0);
    expect(actual.indexes.length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  });
});
