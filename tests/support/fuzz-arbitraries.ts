/**
 * What the route fuzzer throws at the app (tests/support/fuzz.ts runs it): requests as plain data,
 * with placeholders for ids that only exist at run time, so that fast-check can shrink them.
 * Plain Node loads this file too (scripts/fuzz.ts): nothing from vitest.
 */
import fc from 'fast-check';
import { defaultSite } from '../../src/content/site.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** The admin cookie, none, one that was good once, or one of the ways to fake it. */
export type Session = 'none' | 'admin' | 'forged' | 'unsigned' | 'tampered' | 'logged-out' | 'expired' | 'signed-unknown';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'png-bomb' | 'png-bomb-turned' | 'gif-bomb';

/** A request body, kept small and printable: big ones are described, built only when sent. */
export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'repeat'; head: string; unit: string; times: number; tail: string; gzip: boolean }
  | { kind: 'image'; format: ImageFormat; edits: [number, number][]; truncate: number | null };

/**
 * One request. `path` may hold placeholders, replaced when sent: {post} {post-upper} {slug} (a
 * published post), {draft} {draft-slug}, {created} {created-slug} (the last post this case
 * created), {upload} (a stored image), {signed} (a fresh signed upload URL).
 */
export interface FuzzRequest {
  label: string;
  method: Method;
  path: string;
  query: string;
  session: Session;
  headers: Record<string, string>;
  body: Body | null;
}

/** JSON text placed as is into a body: nesting too deep for JSON.stringify, built cheaply. */
class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON.stringify that also writes RawJson and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---- strings -------------------------------------------------------------------------------

const SPECIAL_CHARS = [
  '\u0000',
  '\udfff',
  '\ud800',
  '\ud83d',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200d',
  '\u202e',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u{1f600}',
  '\u{10ffff}',
  'é',
  'e\u0301',
  '<',
  '>',
  '&',
  '"',
  "'",
  '`',
  '\\',
  '/',
  '%',
  '?',
  '#',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '*',
  '_',
  '~',
  '|',
  '!',
  '$',
  ':',
  ' ',
];
const SPECIAL_TOKENS = [
  '<script>alert(1)</script>',
  ']]>',
  '<![CDATA[',
  '&amp;',
  '&#0;',
  '&#xD800;',
  '&',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '//evil.example',
  '../../etc/passwd',
  '%00',
  '%zz',
  '%',
  '${x}',
  '{{x}}',
  "' or 1=1--",
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '\r\n\r\n',
  '-0',
  '1e999',
  '\u0000\u0000',
  'https://',
  '](',
  '<!--',
];

const asciiChar = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 });
/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const anyChar = fc.oneof(
  { weight: 4, arbitrary: asciiChar },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_CHARS) },
  { weight: 1, arbitrary: codeUnit },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

/** A long run of one unit: over every length limit, and at sizes where parsers recurse or slow. */
const repeated = (units: fc.Arbitrary<string>, min: number, max: number) =>
  fc.record({ unit: units, times: fc.integer({ min, max }) }).map(({ unit, times }) => unit.repeat(times));

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: anyChar, maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SPECIAL_TOKENS), fc.string({ unit: anyChar, maxLength: 6 })), { maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: repeated(fc.oneof(anyChar, fc.constantFrom(...SPECIAL_TOKENS)), 100, 20_000) },
);

const WORDS = ['coding', 'clubs', 'Kampala', 'youth', 'leaders', 'naïve', 'Ünïcödé', '日本語', 'مرحبا', '🙂', 'x'];
const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
const text = fc.oneof({ weight: 3, arbitrary: words }, { weight: 2, arbitrary: nastyString });
/** For the secondary fields: each field that may fail makes a stored post rarer. */
const mostlyWords = fc.oneof({ weight: 4, arbitrary: words }, { weight: 1, arbitrary: nastyString });

// ---- JSON values -----------------------------------------------------------------------------

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'author',
  'readTime',
  'views',
  '',
  ' ',
  '\u0000',
  '$where',
];
const anyKey = fc.oneof(fc.constantFrom(...KEYS), nastyString);
const NUMBERS = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE, 1e-7, Number.NaN, Number.POSITIVE_INFINITY];

const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.constantFrom<unknown>(null, true, false, ...NUMBERS),
    fc.integer(),
    fc.double(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Nesting deeper than any JSON, markdown or jsonb parser's stack should have to go. */
const deepJson = fc
  .record({ depth: fc.integer({ min: 1, max: 20_000 }), object: fc.boolean() })
  .map(({ depth, object }) =>
    object
      ? new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
      : new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`),
  );

/** Around the body limits: 1 MB for most routes, 4 MB for posts. */
const hugeString = repeated(fc.constantFrom('a', ' ', '\u00e9', '\u0000', '<', '\ud83d\ude00'), 100_000, 1_100_000);

const MARKDOWN_UNITS = [
  '>',
  '> ',
  '- ',
  '* ',
  '1. ',
  '  - ',
  '[',
  '![',
  '](',
  '**',
  '*',
  '_',
  '`',
  '~~',
  '<div>',
  '<b>',
  '(',
  '|',
  '#',
  '\\',
  '&',
  '[^1]',
  '    ',
  '\t',
  '[a]',
  '<',
  ':::',
  '$$',
  '\n',
  '- [ ] ',
  '|-|',
  '\u0000',
];
const MARKDOWN_SNIPPETS = [
  '# Heading',
  '[x](javascript:alert(1))',
  '![i](/objects/uploads/00000000-0000-4000-8000-000000000000)',
  '<script>x</script>',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '```js\nconst x = 1;\n```',
  '[^1]\n\n[^1]: note',
  '<https://a.example>',
  '- [x] done',
  '<img src=x onerror=alert(1)>',
  '[a]: <javascript:x>',
  '\\',
  '***',
  '<!-- c -->',
  '~~~\nfence',
];
/** Markdown that nests (block quotes, lists, links, emphasis) or repeats to where renderers give out. */
const markdown: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...MARKDOWN_SNIPPETS), text), { minLength: 1, maxLength: 6 })
      .map((p) => p.join('\n\n')),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ unit: fc.constantFrom(...MARKDOWN_UNITS), times: fc.integer({ min: 1, max: 50_000 }), tail: text })
      .map(({ unit, times, tail }) => `${unit.repeat(times)}${tail}`),
  },
);

const PRIVATE_HOSTS = [
  '127.0.0.1',
  'localhost',
  '10.0.0.1',
  '[::1]',
  '169.254.169.254',
  '0.0.0.0',
  '192.168.1.1',
  '[::ffff:127.0.0.1]',
  '2130706433',
  '127.1',
  '[fd00::1]',
  '100.64.0.1',
  '[::]',
];
/** Host names that resolve nowhere (RFC 2606 and 6761), so that no import reaches a real network. */
const unreachableHost = fc.oneof(
  fc.constantFrom('unreachable.invalid', 'a.example', 'site.test'),
  words.map((w) => `${encodeURIComponent(w)}.invalid`),
);
const urlPath = nastyString.map((s) => `/${s.replace(/[\ud800-\udfff]/g, '')}`);
const importUrl = fc.oneof(
  fc.tuple(fc.constantFrom('http', 'https'), fc.constantFrom(...PRIVATE_HOSTS), urlPath).map(([s, h, p]) => `${s}://${h}${p}`),
  fc.tuple(fc.constantFrom('http', 'https'), unreachableHost, urlPath).map(([s, h, p]) => `${s}://${h}${p}`),
  fc.constantFrom(
    'ftp://a.invalid/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://user:pass@a.invalid/',
    'http://',
    'http://[::1',
    '',
  ),
  nastyString,
);
const imageUrl = fc.oneof(
  fc.constantFrom(
    '/objects/uploads/00000000-0000-4000-8000-000000000000',
    'https://images.example/a.png',
    'http://',
    '//evil.example/x.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '/',
    'not a url',
    'https://exa mple.example',
    'https://例え.example/画像.png',
    'http://[::1',
    'https://a.example/%zz',
    'https://a.example/"><script>',
    '/\u0000',
    'https://a.example/\ud800',
  ),
  nastyString,
  nastyString.map((s) => `https://a.example/${s}`),
  nastyString.map((s) => `/${s}`),
);

/** What replaces one field of an otherwise valid body. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: anyJson },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: markdown },
  { weight: 1, arbitrary: imageUrl },
);

/** `field` is `name`, `name.child` or `name.0`; the rest of the body is left as it was. */
function withField(body: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const [name = field, child] = field.split('.');
  if (child === undefined) return { ...body, [name]: value };
  const inner = body[name];
  if (Array.isArray(inner)) return { ...body, [name]: Object.assign([...inner], { [child]: value }) };
  return { ...body, [name]: { ...(inner && typeof inner === 'object' ? inner : {}), [child]: value } };
}

/** A valid-shaped body, and one time in three one of its fields replaced by anything. */
function mutated(body: fc.Arbitrary<Record<string, unknown>>, fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      body,
      fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...fields, 'extra', '__proto__'), fieldValue) },
      ),
    )
    .map(([b, change]) => (change ? withField(b, change[0], change[1]) : b));
}

const slug = fc.tuple(fc.constantFrom('fuzz', 'post', 'a'), fc.nat({ max: 9999 })).map(([w, n]) => `${w}-${n}`);
const email = fc.oneof({ weight: 3, arbitrary: fc.constant('reader@example.com') }, { weight: 1, arbitrary: fc.emailAddress() });
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });

const metadata = fc
  .tuple(
    fc.record(
      {
        author: mostlyWords,
        readTime: fc.integer({ min: 0, max: 10_000 }),
        metaTitle: mostlyWords,
        metaDescription: mostlyWords,
        views: fc.integer({ min: 0, max: 1_000_000 }),
      },
      { requiredKeys: [] },
    ),
    fc.option(fc.dictionary(anyKey, fieldValue, { maxKeys: 2 }), { nil: {} }),
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

const postBody = mutated(
  fc.record({
    title: text,
    slug: fc.oneof(fc.constant(undefined), fc.constant(''), slug),
    content: fc.oneof({ weight: 3, arbitrary: markdown }, { weight: 1, arbitrary: nastyString }),
    excerpt: optional(mostlyWords),
    featuredImage: optional(imageUrl),
    tags: optional(
      fc.array(fc.oneof(fc.constantFrom(...defaultSite.blog.categories.map((category) => category.label)), mostlyWords), {
        maxLength: 4,
      }),
    ),
    published: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    metadata: optional(metadata),
  }),
  [
    'title',
    'slug',
    'content',
    'excerpt',
    'featuredImage',
    'tags',
    'tags.0',
    'published',
    'metadata',
    'metadata.author',
    'metadata.readTime',
    'metadata.metaTitle',
    'metadata.extra',
  ],
);
const commentBody = mutated(
  fc.record({
    author: text,
    email,
    content: fc.oneof(text, markdown),
    postId: fc.constantFrom(undefined, '{post}', '{post-upper}', '00000000-0000-4000-8000-000000000000'),
    website: fc.constantFrom(undefined, '', 'https://spam.example'),
  }),
  ['author', 'email', 'content', 'postId', 'website'],
);
const contactBody = mutated(
  fc.record({ name: text, email, subject: optional(text), message: text, website: fc.constantFrom(undefined, '', 'x') }),
  ['name', 'email', 'subject', 'message', 'website'],
);

// ---- requests --------------------------------------------------------------------------------

const METHODS: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const sessions: fc.Arbitrary<Session> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Session>('none', 'admin') },
  { weight: 2, arbitrary: fc.constantFrom<Session>('forged', 'unsigned', 'tampered', 'logged-out', 'expired', 'signed-unknown') },
);
const mostlyAdmin = fc.oneof({ weight: 6, arbitrary: fc.constant<Session>('admin') }, { weight: 1, arbitrary: sessions });
const mostlyVisitor = fc.oneof({ weight: 6, arbitrary: fc.constant<Session>('none') }, { weight: 1, arbitrary: sessions });

/** Header values as an HTTP parser lets them through: visible ASCII, space, tab and obs-text. */
const headerValue = fc.string({ unit: fc.oneof(asciiChar, fc.constantFrom(' ', '\t', '\u0080', '\u00ff', 'é')), maxLength: 40 });
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json-patch+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  'image/svg+xml',
  '',
  ';',
  'application/json; charset=utf-16',
];
const HEADER_VALUES: Record<string, string[]> = {
  'accept-encoding': ['gzip', 'br', 'deflate', 'gzip;q=0, br', '*', 'identity;q=0', 'zstd'],
  'content-encoding': ['gzip', 'deflate', 'br', 'identity', 'compress', 'gzip, gzip'],
  'content-length': ['0', '1', '-1', 'abc', '99999999999'],
  accept: ['application/json', 'text/html', '*/*', 'image/webp'],
  'user-agent': ['Mozilla/5.0', 'Googlebot/2.1', ''],
  'x-forwarded-for': ['1.2.3.4', '::1, 10.0.0.1', 'garbage'],
  range: ['bytes=0-1', 'bytes=-5', 'bytes=9999999-', 'bytes=abc'],
  host: ['evil.example', 'localhost:3000', '[::1]'],
  'if-none-match': ['*', '"x"', 'W/"x"'],
  'if-modified-since': ['Thu, 01 Jan 1970 00:00:00 GMT', 'garbage'],
  cookie: ['admin_session=', 'admin_session=1; admin_session=2', 'a=b', '=; ;;'],
};
const headerEntry = fc.oneof(
  fc
    .constantFrom(...Object.keys(HEADER_VALUES))
    .chain((name) => fc.tuple(fc.constant(name), fc.oneof(fc.constantFrom(...HEADER_VALUES[name]!), headerValue))),
  fc.tuple(fc.stringMatching(/^x-[a-z0-9-]{1,12}$/), headerValue),
);
const contentType = fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerValue);
const headers = (typeFor: fc.Arbitrary<string | null>) =>
  fc
    .tuple(typeFor, fc.array(headerEntry, { maxLength: 3 }))
    .map(([type, entries]) => ({ ...Object.fromEntries(entries), ...(type === null ? {} : { 'content-type': type }) }));
const jsonType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.option(contentType) },
);
const jsonHeaders = headers(jsonType as fc.Arbitrary<string | null>);

/** Every UTF-16 unit as UTF-8 bytes, lone surrogates as the bytes of WTF-8 (which no decoder accepts). */
export function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    if (/^[A-Za-z0-9_.~-]$/.test(char)) {
      out += char;
      continue;
    }
    const cp = char.codePointAt(0)!;
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const segment = fc.oneof(
  nastyString.map(percentEncode),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.string({ unit: fc.constantFrom(..."aZ09-_.~%/;:@!$&'()*+,="), maxLength: 16 }),
  fc.integer({ min: 480, max: 700 }).map((n) => 'a'.repeat(n)),
  slug,
  fc.uuid(),
  fc.constantFrom(
    '..',
    '.',
    '',
    '%2e%2e',
    '%2F',
    'index.html',
    '640.webp',
    '320.webp',
    '0.webp',
    '99999.webp',
    '{post}',
    '{draft}',
    '{upload}',
  ),
);

const TEMPLATES = [
  '/api/admin/verify',
  '/api/admin/logout',
  '/api/admin/session',
  '/api/admin/comments',
  '/api/admin/comments/$',
  '/api/admin/messages',
  '/api/admin/messages/$',
  '/api/admin/stats',
  '/api/admin/posts',
  '/api/blog-posts',
  '/api/blog-posts/{post}',
  '/api/blog-posts/{slug}',
  '/api/blog-posts/{draft}',
  '/api/blog-posts/{draft-slug}',
  '/api/blog-posts/{post-upper}',
  '/api/blog-posts/$',
  '/api/blog-posts/{post}/comments',
  '/api/blog-posts/{draft}/comments',
  '/api/blog-posts/$/comments',
  '/api/contact',
  '/api/objects/upload',
  '/api/objects/upload/$',
  '{signed}',
  '/api/import-content',
  '/objects/uploads/{upload}',
  '/objects/uploads/{upload}/$',
  '/objects/uploads/$',
  '/objects/uploads/$/$',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/',
  '/blog',
  '/blog/{slug}',
  '/blog/{draft-slug}',
  '/blog/$',
  '/cv',
  '/write',
  '/edit/{post}',
  '/admin',
  '/admin/$',
  '/$',
  '/$/$',
  '/assets/$',
  '/images/$',
  '/favicon.svg',
  '/api/$',
];
const PATH_TWISTS = ['', '', '', '/', '//', '/.', '/..', ';x', '%20', '?', '#x'];
const path = fc
  .tuple(
    fc.constantFrom(...TEMPLATES),
    fc.array(segment, { minLength: 3, maxLength: 3 }),
    fc.constantFrom(...PATH_TWISTS),
    fc.boolean(),
  )
  .map(([template, segs, twist, upper]) => {
    let i = 0;
    const filled = template.replace(/\$/g, () => segs[i++] ?? '') + twist;
    return upper ? filled.replace(/^\/(api\/)?[a-z]/, (m) => m.toUpperCase()) : filled;
  });

const QUERY_KEYS = [
  'published',
  'search',
  'limit',
  'expires',
  'signature',
  'page',
  'q',
  'category',
  'before',
  '__proto__',
  'limit[]',
  'published[0]',
];
const QUERY_VALUES = [
  'true',
  'false',
  '1',
  '0',
  '-1',
  '1e3',
  '1000',
  '1001',
  'NaN',
  'Infinity',
  '0x10',
  '',
  '%',
  '%00',
  'kampala',
  'a b',
];
const queryPart = fc.oneof(fc.constantFrom(...QUERY_VALUES), segment);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), segment), fc.option(queryPart)), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&')}` : ''));

const MALFORMED_JSON = [
  '{"title":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  '\u0000{}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  'nul',
  '"\\ud800"',
  '{"__proto__":{"x":1}}',
  '1e999999',
];
/** Bodies made of one unit repeated: nesting as deep, or strings as long, as the body limits allow. */
const REPEAT_SHAPES: [string, string, string][] = [
  ['', '[', ''],
  ['', '{"a":', ''],
  ['', ' ', '{}'],
  ['{"title":"t","content":"', 'a', '"}'],
  ['{"title":"t","content":"c","metadata":{"x":"', 'a', '"}}'],
  ['{"title":"t","content":"c","tags":[', '"a",', '"a"]}'],
];
const randomBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: anyJson.map((value): Body => ({ kind: 'json', value })) },
  {
    weight: 2,
    arbitrary: fc.oneof(nastyString, fc.constantFrom(...MALFORMED_JSON)).map((t): Body => ({ kind: 'text', text: t })),
  },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes): Body => ({ kind: 'bytes', bytes })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ shape: fc.constantFrom(...REPEAT_SHAPES), bytes: fc.integer({ min: 1, max: 4_500_000 }), gzip: fc.boolean() })
      .map(({ shape: [head, unit, tail], bytes, gzip }): Body => ({
        kind: 'repeat',
        head,
        unit,
        times: Math.ceil(bytes / unit.length),
        tail,
        gzip,
      })),
  },
);
const imageBody: fc.Arbitrary<Body> = fc
  .record({
    format: fc.constantFrom<ImageFormat>('png', 'jpeg', 'gif', 'webp', 'png-bomb', 'png-bomb-turned', 'gif-bomb'),
    edits: fc.array(fc.tuple(fc.nat({ max: 400 }), fc.nat({ max: 255 })), { maxLength: 6 }),
    truncate: fc.option(fc.nat({ max: 400 })),
  })
  .map(({ format, edits, truncate }): Body => ({ kind: 'image', format, edits, truncate }));

const request = (label: string, fields: { [K in keyof FuzzRequest]?: fc.Arbitrary<FuzzRequest[K]> }): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    label: fc.constant(label),
    method: fields.method ?? fc.constant<Method>('GET'),
    path: fields.path ?? fc.constant('/'),
    query: fields.query ?? fc.constant(''),
    session: fields.session ?? mostlyVisitor,
    headers: fields.headers ?? fc.constant({}),
    body: fields.body ?? fc.constant(null),
  });
const json = (body: fc.Arbitrary<unknown>) => body.map((value): Body => ({ kind: 'json', value }));
const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);

/** Requests a client of the product would send, stored values mutated: what reaches the database and back. */
const shapedRequest = fc.oneof(
  {
    weight: 6,
    arbitrary: request('create post', {
      method: oneOf<Method>('POST'),
      path: oneOf('/api/blog-posts'),
      session: mostlyAdmin,
      headers: jsonHeaders,
      body: json(postBody),
    }),
  },
  {
    weight: 3,
    arbitrary: request('update post', {
      method: oneOf<Method>('PUT'),
      path: oneOf(
        '/api/blog-posts/{post}',
        '/api/blog-posts/{draft}',
        '/api/blog-posts/{created}',
        '/api/blog-posts/{post-upper}',
      ),
      session: mostlyAdmin,
      headers: jsonHeaders,
      body: json(postBody),
    }),
  },
  {
    weight: 1,
    arbitrary: request('delete post', {
      method: oneOf<Method>('DELETE'),
      path: oneOf('/api/blog-posts/{post}', '/api/blog-posts/{created}', '/api/blog-posts/{draft}'),
      session: mostlyAdmin,
    }),
  },
  {
    weight: 3,
    arbitrary: request('comment', {
      method: oneOf<Method>('POST'),
      path: oneOf(
        '/api/blog-posts/{post}/comments',
        '/api/blog-posts/{created}/comments',
        '/api/blog-posts/{draft}/comments',
        '/api/blog-posts/{post-upper}/comments',
      ),
      headers: jsonHeaders,
      body: json(commentBody),
    }),
  },
  {
    weight: 2,
    arbitrary: request('contact', {
      method: oneOf<Method>('POST'),
      path: oneOf('/api/contact'),
      headers: jsonHeaders,
      body: json(contactBody),
    }),
  },
  {
    weight: 1,
    arbitrary: request('login', {
      method: oneOf<Method>('POST'),
      path: oneOf('/api/admin/verify'),
      headers: jsonHeaders,
      body: json(mutated(fc.record({ password: fc.oneof(fc.constant('{admin-password}'), nastyString) }), ['password'])),
    }),
  },
  {
    weight: 1,
    arbitrary: request('session', {
      method: oneOf<Method>('GET', 'POST'),
      path: oneOf('/api/admin/session', '/api/admin/logout'),
      session: sessions,
    }),
  },
  {
    weight: 1,
    arbitrary: request('import', {
      method: oneOf<Method>('POST'),
      path: oneOf('/api/import-content'),
      session: mostlyAdmin,
      headers: jsonHeaders,
      body: json(mutated(fc.record({ url: importUrl }), ['url'])),
    }),
  },
  {
    weight: 1,
    arbitrary: request('upload URL', { method: oneOf<Method>('POST'), path: oneOf('/api/objects/upload'), session: mostlyAdmin }),
  },
  {
    weight: 2,
    arbitrary: request('upload', {
      method: oneOf<Method>('PUT'),
      path: oneOf('{signed}'),
      session: fc.constant<Session>('none'),
      headers: headers(fc.option(fc.oneof(fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream'), contentType))),
      body: fc.oneof({ weight: 3, arbitrary: imageBody }, { weight: 1, arbitrary: randomBody }),
    }),
  },
  {
    weight: 1,
    arbitrary: request('attach upload', {
      method: oneOf<Method>('PUT'),
      path: oneOf('/api/objects/upload'),
      session: mostlyAdmin,
      headers: jsonHeaders,
      body: json(
        mutated(fc.record({ bannerImageURL: fc.oneof(fc.constant('/api/objects/upload/{upload}'), imageUrl) }), [
          'bannerImageURL',
        ]),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: request('image', {
      path: fc.tuple(oneOf('{upload}', '{upload-upper}'), segment).map(([id, file]) => `/objects/uploads/${id}/${file}`),
    }),
  },
  { weight: 2, arbitrary: request('list posts', { path: oneOf('/api/blog-posts'), query, session: sessions }) },
  {
    weight: 2,
    arbitrary: request('read post', {
      path: fc.oneof(oneOf('{slug}', '{post}', '{created-slug}', '{draft-slug}'), segment).map((s) => `/api/blog-posts/${s}`),
      session: sessions,
    }),
  },
  {
    weight: 2,
    arbitrary: request('read page', {
      path: oneOf(
        '/rss.xml',
        '/sitemap.xml',
        '/robots.txt',
        '/',
        '/blog',
        '/blog/{slug}',
        '/blog/{created-slug}',
        '/blog/{draft-slug}',
        '/cv',
        '/write',
        '/edit/{post}',
      ),
      query,
      session: sessions,
    }),
  },
);

/**
 * Text no database column holds, as it comes in an address: a NUL or a lone surrogate among
 * ordinary characters, percent-encoded (a lone surrogate as its WTF-8 bytes), or bytes that are
 * no UTF-8 at all (a NUL written long, a character cut short).
 */
const NOT_TEXT_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];
const NOT_UTF8_ESCAPES = ['%C0%80', '%F0%9F', '%ED%A0%80', '%ed%bf%bf', '%E0%80%80', '%FF'];
const notTextEscapes: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.oneof(words, fc.constant('')), fc.constantFrom(...NOT_TEXT_CHARS), fc.oneof(words, fc.constant('')))
    .map(([before, char, after]) => percentEncode(`${before}${char}${after}`)),
  fc.tuple(slug, fc.constantFrom(...NOT_UTF8_ESCAPES)).map(([s, bytes]) => `${s}${bytes}`),
  fc.constantFrom(...NOT_UTF8_ESCAPES, '%00', 'a%00b'),
);

/** An address holding such text in the path of a page (or an upload), or in a query value or name. */
const PAGE_PATHS = [
  '/',
  '/blog',
  '/blog/{slug}',
  '/blog/{draft-slug}',
  '/cv',
  '/write',
  '/edit/{post}',
  '/admin',
  '/admin/posts',
];
const NOT_TEXT_PATH_TEMPLATES = [
  '/blog/$',
  '/blog/{slug}$',
  '/$',
  '/cv$',
  '/edit/$',
  '/admin/$',
  '/preview/$',
  '/objects/uploads/$',
];
const NOT_TEXT_QUERY_KEYS = ['q', 'category', 'page', 'ref', 'utm_source'];
const notTextQuery = fc
  .tuple(fc.constantFrom(...NOT_TEXT_QUERY_KEYS), notTextEscapes, fc.boolean())
  .map(([key, value, asName]) => (asName ? `?${value}=1` : `?${key}=${value}`));
const notTextAddress = fc.oneof(
  fc.record({
    path: fc
      .tuple(fc.constantFrom(...NOT_TEXT_PATH_TEMPLATES), notTextEscapes)
      .map(([template, value]) => template.replace('$', value)),
    query: fc.oneof(fc.constant(''), query),
  }),
  fc.record({ path: fc.constantFrom(...PAGE_PATHS), query: notTextQuery }),
);

/** Anything at any route: any method, path, query, cookie, headers and body. */
const randomRequest = request('random', {
  method: fc.constantFrom(...METHODS),
  path,
  query,
  session: sessions,
  headers: headers(fc.option(contentType)),
  body: fc.option(randomBody, { freq: 4 }),
});

/** The pages (and uploads) asked for with such text in their address: no route may read it as a name. */
const notTextRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(notTextAddress, fc.constantFrom<Method>('GET', 'GET', 'GET', 'HEAD'), sessions)
  .map(([{ path: address, query: search }, method, session]) => ({
    label: 'not-text address',
    method,
    path: address,
    query: search,
    session,
    headers: {},
    body: null,
  }));

/** One fuzz case: a few requests in a row, from the same starting data. */
export const fuzzCase: fc.Arbitrary<FuzzRequest[]> = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: shapedRequest },
    { weight: 2, arbitrary: randomRequest },
    { weight: 1, arbitrary: notTextRequest },
  ),
  { minLength: 1, maxLength: 4 },
);
