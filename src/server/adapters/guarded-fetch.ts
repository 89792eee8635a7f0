import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { buildConnector } from 'undici';

/** Limits of DESIGN.md's import bullet: the whole fetch, redirects included, within 10 s and 5 MB. */
export const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 } as const;

export type FetchFailure =
  | 'refused' // scheme, credentials or address the policy forbids
  | 'too-many-redirects'
  | 'upstream-status' // the page answered a non-2xx status
  | 'not-html'
  | 'too-large'
  | 'timeout'
  | 'unreachable'; // DNS, connection or TLS failure

/** Why an outbound fetch did not return a page; the message is written for the author. */
export class GuardedFetchError extends Error {
  readonly reason: FetchFailure;
  /** The page's own status, for `upstream-status`. */
  readonly upstreamStatus: number | undefined;
  constructor(reason: FetchFailure, message: string, upstreamStatus?: number) {
    super(message);
    this.name = 'GuardedFetchError';
    this.reason = reason;
    this.upstreamStatus = upstreamStatus;
  }
}

interface FetchedPage {
  /** Where the page was finally found, after redirects: the base of its relative links. */
  url: string;
  html: string;
}

/** The one outbound fetch the importer needs; tests and other callers can pass their own. */
export interface PageFetcher {
  fetchPage(url: string): Promise<FetchedPage>;
}

export interface GuardedFetchOptions {
  /** Host names or addresses fetched even though private or loopback (`IMPORT_ALLOW_HOSTS`). */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

// Everything that is not a public unicast address: private, loopback, link-local, CGNAT, benchmark,
// documentation, multicast and reserved ranges (IANA special-purpose registries).
const blockedIPv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedIPv4.addSubnet(network, prefix, 'ipv4');

// IPv6 outside 2000::/3 (global unicast) is never public: that covers ::, ::1, fc00::/7, fe80::/10
// and ff00::/8. Inside it, the protocol, documentation and 6to4 ranges are refused as well.
const globalIPv6 = new BlockList();
globalIPv6.addSubnet('2000::', 3, 'ipv6');
const blockedIPv6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  blockedIPv6.addSubnet(network, prefix, 'ipv6');
}

function ipv6Words(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address reaches. */
function embeddedIPv4(address: string): string | undefined {
  const w = ipv6Words(address);
  const mapped = w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff;
  const nat64 = w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return undefined;
  const [high = 0, low = 0] = w.slice(6);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True only for addresses on the public internet; anything unparsable counts as not public. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return !blockedIPv4.check(ip, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIPv4(ip);
  if (embedded) return isPublicAddress(embedded);
  return globalIPv6.check(ip, 'ipv6') && !blockedIPv6.check(ip, 'ipv6');
}

/** Lower case, no IPv6 brackets, IPv6 in its canonical form: how allow-list entries are compared. */
function normalizeHost(host: string): string {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return isIP(bare) === 6 ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare;
}

function refusedAddress(host: string, address: string): GuardedFetchError {
  const shown = host === address ? address : `${host} (${address})`;
  // Said for the author, who pasted the address: what happened and what to do instead.
  return new GuardedFetchError(
    'refused',
    `The site's server cannot fetch ${shown}: it is a private or local address, not one on the public web. Import from a public address instead.`,
  );
}

/**
 * A connector that checks the address it actually connects to, after DNS resolution, so that a
 * name resolving (or re-resolving) to a private address cannot slip through.
 */
function guardedConnector(undici: typeof import('undici'), isAllowed: (host: string) => boolean): buildConnector.connector {
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      // Refuse when any answer is private: Happy Eyeballs might pick that one.
      const bad = isAllowed(hostname) ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(refusedAddress(hostname, bad.address), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
  const connect = undici.buildConnector({ lookup });
  return (options, callback) => {
    const host = normalizeHost(options.hostname);
    const allowed = isAllowed(host);
    // Literal addresses never reach `lookup`: check them before connecting.
    if (!allowed && isIP(host) && !isPublicAddress(host)) return callback(refusedAddress(host, host), null);
    connect(options, (error, socket) => {
      if (error) return callback(error, null);
      const remote = socket.remoteAddress;
      if (!allowed && (!remote || !isPublicAddress(remote))) {
        socket.destroy();
        return callback(refusedAddress(host, remote ?? 'unknown'), null);
      }
      callback(null, socket);
    });
  };
}

/** Parses an address the fetcher may request: http or https, no credentials. */
function httpUrl(href: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    throw new GuardedFetchError('refused', base ? `The page redirected to an invalid address` : `Not a valid address: ${href}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const where = base ? `The page redirected to a ${url.protocol} address` : `Cannot fetch a ${url.protocol} address`;
    throw new GuardedFetchError('refused', `${where}: only http and https are allowed`);
  }
  if (url.username || url.password) {
    throw new GuardedFetchError('refused', 'Addresses with a user name or password cannot be fetched');
  }
  return url;
}

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
}

const tooLarge = (maxBytes: number) =>
  new GuardedFetchError('too-large', `The page is larger than ${+(maxBytes / 1024 / 1024).toFixed(1)} MB`);

/** Decodes with the charset of the Content-Type header, else of a `<meta>` near the top, else UTF-8. */
function decodeHtml(bytes: Uint8Array, contentType: string): string {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const charset =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Turns undici's and the abort signal's errors into a GuardedFetchError with a readable message. */
function explain(error: unknown, url: URL, signal: AbortSignal, timeoutMs: number): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  if (cause instanceof GuardedFetchError) return cause;
  if (signal.aborted) {
    return new GuardedFetchError('timeout', `${url.host} took longer than ${timeoutMs / 1000} seconds to answer`);
  }
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new GuardedFetchError(
      'unreachable',
      `The site's server could not find ${url.hostname}: check the address, or try again if the name is new.`,
    );
  }
  if (code === 'ECONNREFUSED') {
    return new GuardedFetchError(
      'unreachable',
      `${url.host} cannot be reached from the site's server: it refused the connection.`,
    );
  }
  const detail = typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown error';
  return new GuardedFetchError('unreachable', `Could not reach ${url.host} (${detail})`);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Bytes fetched with the same guard: an imported post's image on the site it moves from. */
export interface ImageFetcher {
  /** The image's bytes (at most `maxBytes`), or GuardedFetchError; the caller checks what they are. */
  fetchImage(url: string): Promise<Uint8Array>;
}

/** How one kind of answer is asked for and what it must be. */
interface Wanted {
  accept: string;
  /** What the author reads when the answer is not of this kind; undefined when it is. */
  wrongType(mediaType: string): string | undefined;
}

const PAGE: Wanted = {
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  wrongType: (mediaType) =>
    HTML_TYPES.has(mediaType) ? undefined : `The address answered with ${mediaType || 'no content type'}, not an HTML page`,
};

/** Any type: servers label images loosely (`application/octet-stream`); the bytes are checked after. */
const IMAGE: Wanted = {
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8,*/*;q=0.1',
  wrongType: (mediaType) => (mediaType.startsWith('text/') ? `The address answered with ${mediaType}, not an image` : undefined),
};

/**
 * The default fetcher of DESIGN.md: undici with the address guard, manual redirects and limits.
 * undici is loaded by the first fetch, not at start-up.
 */
export function createGuardedFetcher(options: GuardedFetchOptions = {}): PageFetcher & ImageFetcher {
  const allowHosts = new Set((options.allowHosts ?? []).map(normalizeHost));
  const isAllowed = (host: string) => allowHosts.has(normalizeHost(host));
  const timeoutMs = options.timeoutMs ?? FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects;

  async function fetchChecked(href: string, wanted: Wanted): Promise<{ url: URL; bytes: Uint8Array; contentType: string }> {
    let url = httpUrl(href);
    const undici = await import('undici');
    const signal = AbortSignal.timeout(timeoutMs);
    // One agent per fetch: no pooled socket outlives the call or is shared across imports.
    const dispatcher = new undici.Agent({ connect: guardedConnector(undici, isAllowed) });
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await undici.fetch(url, {
          dispatcher,
          signal,
          redirect: 'manual',
          headers: { accept: wanted.accept, 'user-agent': 'Mozilla/5.0 (compatible; FolioImporter/1.0)' },
        });
        const location = response.headers.get('location');
        if (REDIRECT_STATUSES.has(response.status) && location) {
          await response.body?.cancel();
          if (redirects >= maxRedirects) {
            throw new GuardedFetchError('too-many-redirects', `The page redirected more than ${maxRedirects} times`);
          }
          url = httpUrl(location, url);
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          const text = response.statusText ? ` ${response.statusText}` : '';
          throw new GuardedFetchError('upstream-status', `The page answered HTTP ${response.status}${text}`, response.status);
        }
        const contentType = response.headers.get('content-type') ?? '';
        const wrongType = wanted.wrongType(contentType.split(';')[0]?.trim().toLowerCase() ?? '');
        if (wrongType) {
          await response.body?.cancel();
          throw new GuardedFetchError('not-html', wrongType);
        }
        if (Number(response.headers.get('content-length')) > maxBytes) {
          await response.body?.cancel();
          throw tooLarge(maxBytes);
        }
        const bytes = await readCapped(response.body as ReadableStream<Uint8Array> | null, maxBytes);
        return { url, bytes, contentType };
      }
    } catch (error) {
      throw explain(error, url, signal, timeoutMs);
    } finally {
      await dispatcher.destroy();
    }
  }

  return {
    async fetchPage(href) {
      const { url, bytes, contentType } = await fetchChecked(href, PAGE);
      return { url: url.href, html: decodeHtml(bytes, contentType) };
    },
    async fetchImage(href) {
      return (await fetchChecked(href, IMAGE)).bytes;
    },
  };
}
