import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../../../tests/support/postgres-server.ts';
import { openDatabase } from './client.ts';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer();
}, 60_000);
afterAll(() => server?.stop());

describe('migrations on a shared PostgreSQL', () => {
  it('two instances starting together on a fresh PostgreSQL both migrate and start (security review)', async () => {
    const url = await server.createDatabase();
    const instances = await Promise.all([openDatabase({ url }), openDatabase({ url }), openDatabase({ url })]);
    try {
      const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const { rows } = await (instances[0]!.db as unknown as { $client: import('pg').Pool }).$client.query(
        "select count(*)::int as n from information_schema.tables where table_name = 'blog_posts'",
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
