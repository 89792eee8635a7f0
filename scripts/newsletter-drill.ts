// `npm run newsletter:drill [-- --subscribers 1000 --rate 3000]`: the newsletter's promise under
// crashes (issue 23). A real SMTP peer (smtp-server) on loopback accepts slowly, refuses some
// addresses for good (550) and greylists others (451 once, then accepts); the production server
// on a fresh data directory (or DATABASE_URL) gets `--subscribers` confirmed addresses (the admin's
// CSV import) and a post saved with `Send to subscribers`. The server is killed with SIGKILL twice
// during the send and started again each time. Prints, per recipient, how many messages the
// peer took (and how many distinct Message-IDs), the bounced count, and how long the send took.
// Fails unless every deliverable recipient has exactly one distinct Message-ID and no refused
// address got anything.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { adminSession, ensureBuilt, MEASURE_ADMIN_PASSWORD } from './lib/site-server.ts';
import { type RunningServer, startServer } from './lib/startup.ts';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '3000' },
    /** Milliseconds the peer takes to accept each message. */
    slow: { type: 'string', default: '15' },
  },
});
const count = Number(values.subscribers);
const rate = Number(values.rate);
const slowMs = Number(values.slow);
if (!(count >= 10) || !(rate >= 1) || !(slowMs >= 0)) throw new Error('--subscribers >= 10, --rate >= 1, --slow >= 0');

ensureBuilt();

const address = (n: number) =>
  n % 50 === 7 ? `bounce-${n}@drill.example` : n % 40 === 3 ? `grey-${n}@drill.example` : `reader-${n}@drill.example`;
const addresses = Array.from({ length: count }, (_, n) => address(n));
const bouncing = new Set(addresses.filter((a) => a.startsWith('bounce-')));

/** What the peer took, per recipient: each message's Message-ID. */
const taken = new Map<string, string[]>();
const greylisted = new Set<string>();
let refused451 = 0;
let refused550 = 0;
const peer = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(rcpt, _session, callback) {
    const to = rcpt.address;
    if (bouncing.has(to)) {
      refused550++;
      return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    }
    if (to.startsWith('grey-') && !greylisted.has(to)) {
      greylisted.add(to);
      refused451++;
      return callback(Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '?';
      setTimeout(() => {
        // Counted when accepted: what a receiving server has once it answers 250.
        for (const rcpt of session.envelope.rcptTo) taken.set(rcpt.address, [...(taken.get(rcpt.address) ?? []), id]);
        callback();
      }, slowMs);
    });
  },
});
await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-newsletter-drill-'));
const env = {
  ADMIN_PASSWORD: MEASURE_ADMIN_PASSWORD,
  SMTP_URL: smtpUrl,
  CONTACT_TO: 'author@drill.example',
  NEWSLETTER_RATE: String(rate),
  // The drill's own requests, all from loopback.
  VISITOR_WRITE_LIMIT: '100000',
};
const start = (port?: number) => startServer({ dataDir, entry: 'main', env, ...(port ? { port } : {}) });
const sentOf = () => [...taken.values()].reduce((sum, ids) => sum + ids.length, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: RunningServer = await start();
const port = Number(new URL(server.origin).port);
try {
  let cookie = await adminSession(server.origin, MEASURE_ADMIN_PASSWORD);
  const imported = await fetch(`${server.origin}/api/admin/subscribers/import?consent=true`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'text/csv' },
    body: `email\n${addresses.join('\n')}\n`,
  });
  if (!imported.ok) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  const created = await fetch(`${server.origin}/api/blog-posts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'The drill',
      content: 'Every confirmed subscriber gets this once.',
      tags: [],
      published: true,
      metadata: { sendToSubscribers: true },
    }),
  });
  if (!created.ok) throw new Error(`the post answered ${created.status}: ${await created.text()}`);
  const started = performance.now();
  const expected = count - bouncing.size;

  // Two crashes: at a third of the messages and at two thirds, each followed by a restart.
  for (const share of [1 / 3, 2 / 3]) {
    while (sentOf() < expected * share) await sleep(5);
    // At a moment of its own, not in step with the peer's answers: anywhere in a message's round.
    await sleep(Math.random() * 100);
    await server.kill();
    console.log(`kill -9 at ${sentOf()} messages (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    server = await start(port);
  }
  cookie = await adminSession(server.origin, MEASURE_ADMIN_PASSWORD);
  // Done when the site says so: every delivery sent, bounced or given up.
  for (;;) {
    const answer = (await (await fetch(`${server.origin}/api/admin/newsletters`, { headers: { cookie } })).json()) as {
      sendings: Array<{ total: number; sent: number; failed: number; state: string }>;
    };
    const sending = answer.sendings[0];
    if (sending?.state === 'done') {
      const seconds = (performance.now() - started) / 1000;
      const perRecipient = addresses.filter((a) => !bouncing.has(a)).map((a) => taken.get(a) ?? []);
      const histogram = new Map<number, number>();
      for (const ids of perRecipient) histogram.set(ids.length, (histogram.get(ids.length) ?? 0) + 1);
      const distinct = perRecipient.filter((ids) => new Set(ids).size === 1).length;
      console.log(
        `Node ${process.version}, load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      console.log(
        `subscribers: ${count} confirmed; ${bouncing.size} refused for good (550), ${greylisted.size} greylisted (451 once)`,
      );
      console.log(
        `the site: Sent ${sending.sent} of ${sending.total}, ${sending.failed} failed; send took ${seconds.toFixed(1)} s with two kill -9`,
      );
      console.log(
        `messages per deliverable recipient: ${[...histogram]
          .sort(([a], [b]) => a - b)
          .map(([n, recipients]) => `${n}: ${recipients}`)
          .join(', ')}`,
      );
      console.log(`recipients with exactly one distinct Message-ID: ${distinct} of ${expected}`);
      console.log(
        `messages to addresses that refused for good: ${[...bouncing].reduce((sum, a) => sum + (taken.get(a)?.length ?? 0), 0)}`,
      );
      console.log(`peer answers: ${refused550} x 550, ${refused451} x 451`);
      // The promise: no one missed, no one refused mailed, and one message each, as a mail store
      // counts them: by Message-ID. A kill between the peer taking a message and the site hearing
      // its 250 sends that message again, with the same Message-ID (RFC 1047's window; printed above).
      const missed = perRecipient.filter((ids) => ids.length === 0).length;
      const toRefused = [...bouncing].some((a) => (taken.get(a)?.length ?? 0) > 0);
      if (missed > 0 || toRefused || distinct !== expected) process.exitCode = 1;
      break;
    }
    await sleep(500);
  }
} finally {
  await server.stop().catch(() => {});
  await new Promise<void>((resolve) => peer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
