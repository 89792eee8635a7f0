// The browser tests' mail server, started by playwright.config.ts beside the site: a real SMTP
// peer (smtp-server) on loopback that keeps every message, and a small HTTP side for the specs to
// read them: `GET /messages?to=<address>` answers `[{ to, subject, text, headers }]`, oldest first.
//   node tests/support/e2e-mailbox.ts <smtp port> <http port>
import { createServer } from 'node:http';
import { mailParts, startSmtpPeer } from './smtp.ts';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) throw new Error('usage: node tests/support/e2e-mailbox.ts <smtp port> <http port>');

const peer = await startSmtpPeer({ port: smtpPort });
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://mailbox');
  if (url.pathname !== '/messages') return void response.writeHead(404).end();
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = peer.received
    .filter((mail) => !to || mail.envelope.rcptTo.some((rcpt) => rcpt.address.toLowerCase() === to))
    .map((mail) => {
      const parts = mailParts(mail.raw);
      return {
        to: mail.envelope.rcptTo.map((rcpt) => rcpt.address),
        subject: parts.headers.get('subject') ?? '',
        text: parts.text ?? '',
        headers: Object.fromEntries(parts.headers),
      };
    });
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
});
http.listen(httpPort, '127.0.0.1');
const stop = () => {
  http.close();
  void peer.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop).on('SIGINT', stop);
