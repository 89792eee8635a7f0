// `node scripts/measure-page-bytes.ts`: the bytes a first visit with an empty cache transfers for
// the reading pages (document, styles, scripts and fonts, brotli, headers included; images left
// out), on the production build with a long post. Prints one line per page and its parts.
import { request } from 'node:http';
import { adminSession, startSiteServer } from './lib/site-server.ts';

const LONG_POST = Array.from(
  { length: 40 },
  (_, i) =>
    `## Part ${i + 1}\n\nCoding clubs in ${['Kampala', 'Gulu', 'Mbarara', 'Jinja'][i % 4]} meet twice a week. ` +
    'Students pair on one laptop, build a web page in the first week and a quiz game in the second, and present it to their families. '.repeat(
      3,
    ),
).join('\n\n');

interface Fetched {
  status: number;
  /** Status line, headers and body as they crossed the wire (body still compressed). */
  wireBytes: number;
  body: Buffer;
}

/** GET with `accept-encoding: br, gzip`, counting the raw bytes of the answer. */
function get(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const head =
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` +
          res.rawHeaders.reduce((text, value, i) => text + (i % 2 ? `${value}\r\n` : `${value}: `), '') +
          '\r\n';
        resolve({ status: res.statusCode ?? 0, wireBytes: Buffer.byteLength(head) + body.byteLength, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = async (url: string) => {
  const response = await fetch(url); // fetch decodes the body; the wire size comes from get()
  return response.text();
};

/** Styles, scripts, module preloads and fonts the document names. */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) found.add(src!);
  for (const [tag] of html.matchAll(/<link[^>]*>/g)) {
    const rel = /\srel="([^"]+)"/.exec(tag)?.[1] ?? '';
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href && /stylesheet|modulepreload|preload/.test(rel) && !/\bimage\b/.test(tag)) found.add(href);
  }
  return [...found].filter((href) => href.startsWith('/'));
}

const server = await startSiteServer();
try {
  const cookie = await adminSession(server.origin, server.password);
  const created = await fetch(`${server.origin}/api/blog-posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title: 'A long post to weigh', content: LONG_POST, tags: ['Digital Literacy'], published: true }),
  });
  if (!created.ok) throw new Error(`creating the post failed: ${created.status} ${await created.text()}`);
  const { slug } = (await created.json()) as { slug: string };
  const pages = ['/', '/cv', '/blog', `/blog/${slug}`];
  console.log(`page${' '.repeat(30)}document   assets   total (KB, brotli, headers included)`);
  for (const page of pages) {
    const document = await get(server.origin + page);
    const html = await decoded(server.origin + page);
    let assetBytes = 0;
    for (const asset of assetsOf(html)) assetBytes += (await get(server.origin + asset)).wireBytes;
    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
    console.log(
      `${page.slice(0, 32).padEnd(34)}${kb(document.wireBytes)} ${kb(assetBytes)} ${kb(document.wireBytes + assetBytes)}` +
        `   (document ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB uncompressed)`,
    );
  }
} finally {
  server.stop();
}
