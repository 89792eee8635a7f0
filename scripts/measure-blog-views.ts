// `node scripts/measure-blog-views.ts [--posts N] [--runs R] [--data DIR | --url URL] [--analyze] [--explain]`:
// p50/p95 of the /blog views (page 1, page 50, a category, searches) with N posts, through the
// query the server renders each /blog address with: on a fresh in-memory PGlite, one kept in DIR,
// or a PostgreSQL database. --explain prints the plans as well.
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { count, sql } from 'drizzle-orm';
import { ALL_POSTS_CATEGORY } from '../src/shared/constants.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { blogPosts } from '../src/server/db/schema.ts';
import { queryBlogView } from '../src/server/services/posts/blog-views.ts';
import { seedDatabase } from './lib/seed.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
    /** Keep the seeded database here and reuse it on the next run (seeding 10,000 posts takes minutes). */
    data: { type: 'string' },
    /** A PostgreSQL server's database instead of PGlite (postgres://...). */
    url: { type: 'string' },
    /** Gather planner statistics first. The embedded database never does (no autovacuum in PGlite). */
    analyze: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

const database = await openDatabase(
  values.url ? { url: values.url } : values.data ? { dataDir: values.data } : { pglite: new PGlite() },
);
await database.migrate();
const [stored] = await database.db.select({ posts: count() }).from(blogPosts);
if ((stored?.posts ?? 0) < Number(values.posts)) {
  const seeding = performance.now();
  const summary = await seedDatabase(database.db, { posts: Number(values.posts) - (stored?.posts ?? 0) });
  console.log(`Seeded ${summary.posts} posts (${summary.published} published) in ${Math.round(performance.now() - seeding)} ms`);
}
if (values.analyze) await database.db.execute(sql`analyze`);

const view = (page: number, category: string = ALL_POSTS_CATEGORY, q = '') => ({ page, category, q });
const targets: [string, ReturnType<typeof view>][] = [
  ['page 1', view(1)],
  ['page 50', view(50)],
  ['last page (clamped)', view(1_000_000)],
  ['category, page 1', view(1, 'Digital Literacy')],
  ['category, page 50', view(50, 'Digital Literacy')],
  ['search "students"', view(1, ALL_POSTS_CATEGORY, 'students')],
  ['search "stud" (prefix)', view(1, ALL_POSTS_CATEGORY, 'stud')],
  ['search "mentorship coding"', view(1, ALL_POSTS_CATEGORY, 'mentorship coding')],
  ['search "students", page 50', view(50, ALL_POSTS_CATEGORY, 'students')],
  ['search "ai" (substring)', view(1, ALL_POSTS_CATEGORY, 'ai')],
  ['search, no match', view(1, ALL_POSTS_CATEGORY, 'zzzqqq')],
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2);
};
// PGlite runs in this process: its CPU time per view is what the view costs on an idle machine,
// whatever else the machine is doing. A PostgreSQL server's work is in its own processes.
const inProcess = !values.url;
const columns = ['total', 'p50 ms', 'p95 ms', ...(inProcess ? ['cpu p50', 'cpu p95'] : [])];
console.log(`\n${'view'.padEnd(30)}${columns.map((c) => c.padStart(9)).join('')}`);
for (const [name, params] of targets) {
  for (let i = 0; i < 5; i++) await queryBlogView(database.db, params, new Date()); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    total = (await queryBlogView(database.db, params, new Date())).total;
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const cells = [String(total), percentile(times, 50), percentile(times, 95)];
  if (inProcess) cells.push(percentile(cpu, 50), percentile(cpu, 95));
  console.log(`${name.padEnd(30)}${cells.map((c) => c.padStart(9)).join('')}`);
}

if (values.explain && !values.url) {
  // The statements each view runs, explained with their real parameters (inside the view's
  // transaction too, where its settings apply): PGlite's query method is wrapped meanwhile.
  type Queryable = Pick<PGlite, 'query'>;
  const plans: string[] = [];
  const explained = (target: Queryable): Queryable['query'] => {
    const query = target.query.bind(target);
    return (async (statement: string, ...rest: [unknown[]?, object?]) => {
      if (!/^\s*select\b/i.test(statement)) return query(statement, ...rest);
      const plan = await query<{ 'QUERY PLAN': string }>(`explain analyze ${statement}`, rest[0]);
      plans.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      return query(statement, ...rest);
    }) as Queryable['query'];
  };
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const { query, transaction } = client;
  client.query = explained(client);
  client.transaction = ((run: (tx: Queryable) => Promise<unknown>) =>
    transaction.call(client, (tx) => {
      tx.query = explained(tx);
      return run(tx);
    })) as PGlite['transaction'];
  for (const [name, params] of targets) {
    plans.length = 0;
    await queryBlogView(database.db, params, new Date());
    console.log(`\n== ${name}\n${plans.join('\n--\n')}`);
  }
  Object.assign(client, { query, transaction });
}
await database.close();
