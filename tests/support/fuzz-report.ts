/**
 * What the route fuzzer (fuzz.ts) records of each request and answer, how it groups failures into
 * classes, and how it prints them so that a developer can replay one: the server's own errors,
 * the case's requests as `app.inject` options, huge values written as `.repeat(n)`.
 */
import type fc from 'fast-check';
import type { FastifyServerOptions } from 'fastify';
import type { Body, FuzzRequest, Session } from './fuzz-arbitraries.ts';

// ---- server errors --------------------------------------------------------------------------

export interface ServerErrorLog {
  /** buildApp's `logger`: errors are kept for the report, nothing is printed. */
  logger: NonNullable<FastifyServerOptions['logger']>;
  /** The errors logged since the last call. */
  take(): string[];
}

/** The innermost cause names the real failure; drizzle's outer message repeats the query and its data. */
function describeError(error: unknown): { type: string; message: string; stack: string } {
  let inner = error as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  while (inner?.cause && typeof inner.cause === 'object') inner = inner.cause as typeof inner;
  const code = typeof inner?.code === 'string' ? `[${inner.code}] ` : '';
  return { type: 'Error', message: `${code}${String(inner?.message ?? error)}`.slice(0, 300), stack: '' };
}

export function serverErrorLog(): ServerErrorLog {
  let lines: string[] = [];
  return {
    logger: {
      level: 'error',
      serializers: { err: describeError },
      stream: {
        write(line: string) {
          try {
            const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
            lines.push(entry.err?.message ?? entry.msg ?? line);
          } catch {
            lines.push(line.slice(0, 300));
          }
        },
      },
    },
    take() {
      const taken = lines;
      lines = [];
      return taken;
    },
  };
}

// ---- what was sent and answered ----------------------------------------------------------------

export interface SentRequest {
  label: string;
  /** The generated path, placeholders and all. */
  template: string;
  method: string;
  url: string;
  session: Session;
  headers: Record<string, string>;
  body: Body | null;
  payload: string | Buffer | undefined;
}

export interface Exchange {
  request: SentRequest;
  /** 0: the request threw or hung. */
  status: number;
  contentType: string;
  body: string;
  serverErrors: string[];
  ms: number;
}

export type ProblemKind =
  'server-error' | 'error-shape' | 'auth-bypass' | 'draft-leak' | 'not-text-accepted' | 'site-down' | 'no-answer';

export interface Problem {
  kind: ProblemKind;
  /** Same signature, same class of failure: kind, method, route, status and the server's error. */
  signature: string;
  exchange: Exchange;
  /** The exchange is one of the checks after the case, not one of its requests. */
  afterCase: boolean;
}

export interface CaseOutcome {
  exchanges: Exchange[];
  problems: Problem[];
}

export class FuzzFailure extends Error {
  readonly problem: Problem;
  readonly outcome: CaseOutcome;
  constructor(problem: Problem, outcome: CaseOutcome) {
    super(problem.signature);
    this.name = 'FuzzFailure';
    this.problem = problem;
    this.outcome = outcome;
  }
}

export interface FuzzStats {
  /** Cases run, shrinking's replays included. */
  executions: number;
  requests: number;
  fuzzRequests: number;
  checkRequests: number;
  /** Status codes of the fuzz requests (0: no answer), in all and by kind of request. */
  statuses: Map<number, number>;
  statusesByKind: Map<string, Map<number, number>>;
  /** The slowest fuzz requests, slowest first. */
  slowest: { ms: number; what: string; body: string | undefined }[];
}

/** The route a path reaches, for grouping failures: ids and slugs do not make new classes. */
export function routeOf(url: string): string {
  const path = url.split('?')[0]!;
  const patterns: [RegExp, string][] = [
    [/^\/api\/blog-posts\/[^/]+\/comments$/, '/api/blog-posts/:postId/comments'],
    [/^\/api\/blog-posts\/[^/]+$/, '/api/blog-posts/:id'],
    [/^\/api\/objects\/upload\/[^/]+$/, '/api/objects/upload/:id'],
    [/^\/api\/admin\/comments\/[^/]+$/, '/api/admin/comments/:id'],
    [/^\/api\/admin\/messages\/[^/]+$/, '/api/admin/messages/:id'],
    [/^\/api\/admin\/(comments|messages|stats|posts)$/, path],
    [/^\/objects\/uploads\/[^/]+\/[^/]+$/, '/objects/uploads/:id/:file'],
    [/^\/objects\/uploads\/[^/]+$/, '/objects/uploads/:id'],
    [/^\/blog\/[^/]+$/, '/blog/:slug'],
    [/^\/edit\/[^/]+$/, '/edit/:id'],
    [/^\/api\/(admin\/(verify|logout|session)|blog-posts|contact|objects\/upload|import-content)$/, path],
    [/^\/(rss\.xml|sitemap\.xml|robots\.txt|blog|cv|write)?$/, path],
  ];
  return patterns.find(([pattern]) => pattern.test(path))?.[1] ?? (path.startsWith('/api/') ? '/api/*' : '/*');
}

export const ADMIN_ONLY = new Set([
  'POST /api/blog-posts',
  'PUT /api/blog-posts/:id',
  'DELETE /api/blog-posts/:id',
  'POST /api/objects/upload',
  'PUT /api/objects/upload',
  'POST /api/import-content',
  'GET /api/admin/comments',
  'PATCH /api/admin/comments/:id',
  'DELETE /api/admin/comments/:id',
  'GET /api/admin/messages',
  'PATCH /api/admin/messages/:id',
  'DELETE /api/admin/messages/:id',
  'GET /api/admin/stats',
  'GET /api/admin/posts',
]);

/** The same failure with other data: ids, long quoted values and numbers blanked, error codes kept. */
function normalizedError(message: string): string {
  const [, code = '', text = message] = /^(\[[^\]]+\] )?([\s\S]*)$/.exec(message) ?? [];
  return (
    code +
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
      .replace(/"[^"]{24,}"/g, '"…"')
      .replace(/\d+/g, '#')
      .slice(0, 100)
  );
}

export function signatureOf(kind: ProblemKind, exchange: Exchange): string {
  const { method, url } = exchange.request;
  const detail =
    exchange.status >= 500 || exchange.status === 0
      ? normalizedError(exchange.serverErrors[0] ?? exchange.body)
      : exchange.contentType.split(';')[0];
  return [kind, method === 'HEAD' ? 'GET' : method, routeOf(url), exchange.status, detail].join(' ');
}

export function isErrorBody(exchange: Exchange): boolean {
  if (!/^application\/json/i.test(exchange.contentType)) return false;
  try {
    const body = JSON.parse(exchange.body) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}

/** What every case starts from, and what its printed reproductions assume. */
const BASELINE_DESCRIPTION = 'two published posts (the first with a comment and an uploaded image), a draft, and an upload';

// ---- reports ----------------------------------------------------------------------------------

/** JSON.stringify, with the characters a terminal would not show (DEL, C1, format marks) escaped too. */
function quoted(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\ufff0-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A JS expression for a string: long runs written as `.repeat(n)`, so that huge values stay readable. */
export function jsLiteral(value: string, max = 2_000): string {
  const parts: string[] = [];
  let plain = '';
  let length = 0;
  for (let i = 0; i < value.length && length < max;) {
    let best: { unit: string; times: number } | undefined;
    for (let size = 1; size <= 8 && i + size <= value.length; size++) {
      const unit = value.slice(i, i + size);
      let times = 1;
      while (value.startsWith(unit, i + times * size)) times++;
      if (times * size >= 32 && (!best || times * size > best.times * best.unit.length)) best = { unit, times };
    }
    if (best) {
      if (plain) parts.push(quoted(plain));
      plain = '';
      parts.push(`${quoted(best.unit)}.repeat(${best.times})`);
      i += best.unit.length * best.times;
      length += 20;
    } else {
      plain += value[i];
      i++;
      length++;
      if (i === value.length || length >= max) break;
    }
  }
  if (plain || parts.length === 0) parts.push(quoted(plain));
  const expression = parts.join(' + ');
  return length >= max ? `${expression} /* … ${value.length} characters in all */` : expression;
}

function payloadExpression(request: SentRequest): string | undefined {
  const { body, payload } = request;
  if (payload === undefined) return undefined;
  if (body?.kind === 'repeat' && typeof payload !== 'string') {
    return `gzipSync(${quoted(body.head)} + ${quoted(body.unit)}.repeat(${body.times}) + ${quoted(body.tail)})`;
  }
  if (typeof payload === 'string') return jsLiteral(payload);
  const base64 = payload.toString('base64');
  return `Buffer.from('${base64.length > 4000 ? `${base64.slice(0, 4000)}…` : base64}', 'base64')`;
}

function describeExchange(exchange: Exchange, index: string): string[] {
  const { request } = exchange;
  const lines = [`${index} ${request.method} ${request.url}`];
  if (request.template !== request.url) lines.push(`     (${request.label}; generated as ${request.method} ${request.template})`);
  for (const [name, value] of Object.entries(request.headers)) {
    const shown =
      name === 'cookie' && request.session === 'admin'
        ? value.replace(/admin_session=[^;]+/, 'admin_session=<the admin session>')
        : value;
    lines.push(`     ${name}: ${quoted(shown)}`);
  }
  const payload = payloadExpression(request);
  if (payload) lines.push(`     body: ${payload}`);
  const answer = exchange.status === 0 ? 'no answer' : `${exchange.status} ${exchange.contentType}`;
  lines.push(`     → ${answer} ${quoted(exchange.body.slice(0, 300))}`);
  for (const error of exchange.serverErrors) lines.push(`     server logged: ${error}`);
  return lines;
}

const PROBLEM_TEXT: Record<ProblemKind, string> = {
  'server-error': 'a server error (5xx)',
  'error-shape': 'an error answer without a JSON { message }',
  'auth-bypass': 'an admin-only route succeeded without the admin session',
  'draft-leak': 'a draft was shown to a visitor',
  'not-text-accepted': 'an address holding a NUL, a lone surrogate or bytes that are not UTF-8 was answered without a 4xx',
  'site-down': 'after the case, a feed, list or page no longer answers 200',
  'no-answer': 'the request threw or hung',
};

/** The failure as a developer needs it to reproduce: the case's requests, and the check that failed. */
export function describeFailure(failure: FuzzFailure): string {
  const { problem, outcome } = failure;
  const lines = [
    PROBLEM_TEXT[problem.kind],
    `  class: ${problem.signature}`,
    `  starting from ${BASELINE_DESCRIPTION}, the case (each body a JS expression for app.inject's \`payload\`):`,
  ];
  outcome.exchanges.forEach((exchange, i) => lines.push(...describeExchange(exchange, `  ${i + 1}.`)));
  if (problem.afterCase) lines.push('  then the check:', ...describeExchange(problem.exchange, '  ✗'));
  return lines.join('\n');
}

/** What a fuzz run found, for an assertion message or the console; `failure` as runFuzz trimmed it. */
export function describeRun(details: fc.RunDetails<[FuzzRequest[]]>, failure?: FuzzFailure): string {
  if (!details.failed) return `passed ${details.numRuns} cases (seed ${details.seed})`;
  const header = `failed after ${details.numRuns} cases (seed ${details.seed}, shrunk ${details.numShrinks} times):`;
  const error = details.errorInstance;
  return `${header}\n${failure ? describeFailure(failure) : String((error as Error)?.stack ?? error)}`;
}
