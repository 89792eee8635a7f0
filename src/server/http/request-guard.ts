import type { FastifyInstance } from 'fastify';
import { isStorableText, NOT_TEXT_MESSAGE } from '../../shared/fields.ts';

/** A maximal run of `%XX` escapes: the bytes of one or more characters, decoded together. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * `value` with its escapes decoded as UTF-8, as the router and the query parser read it; a `%`
 * that starts no escape stays as it is (as they leave it). Undefined when the bytes are not UTF-8:
 * `%ED%A0%80` (a lone surrogate), `%C0%80` (a NUL written long), a sequence cut short.
 */
function decodeEscapes(value: string): string | undefined {
  try {
    return value.replace(ESCAPES, (run) => decodeURIComponent(run));
  } catch {
    return undefined;
  }
}

const NOT_UTF8_MESSAGE = 'is not UTF-8 text once its %-escapes are decoded';

/** The first part of the address that no database column could hold, as a 400's message. */
function addressProblem(url: string, params: Record<string, unknown>): string | undefined {
  // The router's parameters are already decoded: naming one tells the client which part is wrong.
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && !isStorableText(value))
      return `Invalid ${name === '*' ? 'path' : name}: ${NOT_TEXT_MESSAGE}`;
  }
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const pathProblem = textProblem(path);
  if (pathProblem) return `Invalid path: ${pathProblem}`;
  if (queryAt === -1) return undefined;
  for (const pair of url.slice(queryAt + 1).split('&')) {
    const equals = pair.indexOf('=');
    const rawName = (equals === -1 ? pair : pair.slice(0, equals)).replaceAll('+', ' ');
    const name = decodeEscapes(rawName);
    const problem =
      textProblem(rawName) ?? (equals === -1 ? undefined : textProblem(pair.slice(equals + 1).replaceAll('+', ' ')));
    if (problem) return `Invalid ${name !== undefined && isStorableText(name) ? name : 'query'}: ${problem}`;
  }
  return undefined;
}

function textProblem(raw: string): string | undefined {
  const decoded = decodeEscapes(raw);
  if (decoded === undefined) return NOT_UTF8_MESSAGE;
  return isStorableText(decoded) ? undefined : NOT_TEXT_MESSAGE;
}

/**
 * Refuses (400 `{ message }`) a request whose path or query, once decoded, holds a NUL, a lone
 * surrogate or bytes that are not UTF-8: no page, post, upload or search could be named so, and
 * PostgreSQL refuses such text with an error. One check here, before any route or session lookup,
 * so that no route has to remember it (the pages' catch-all route read `/blog/a%00b` as a slug).
 */
export function registerRequestGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const problem = addressProblem(request.url, request.params as Record<string, unknown>);
    if (problem) return reply.code(400).send({ message: problem });
  });
}
