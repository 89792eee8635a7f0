import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose message is safe to show the client, with the status to answer. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** Fields answered beside `message` (a 409's `current` post). */
  readonly details: Record<string, unknown>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
    this.details = details;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Admin session required') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details: Record<string, unknown> = {}) => new HttpError(409, message, {}, details);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests, try again later') =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Fastify's own client errors (bad JSON, oversize body, unknown content type) keep their 4xx. */
function isClientError(error: FastifyError): boolean {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}

/**
 * An error as the log may keep it. A failed query carries its parameters, which are what
 * visitors wrote (a commenter's e-mail address and message): the log gets the SQL and the
 * database's reason, never the values.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('query' in error) || !('params' in error)) return error;
  const cause = error.cause as { message?: string; code?: string } | undefined;
  const logged = new Error(`Failed query: ${String(error.query)}`);
  logged.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  logged.stack = [`${logged.name}: ${logged.message}`, ...frames].join('\n');
  return Object.assign(logged, { code: cause?.code, reason: cause?.message });
}

/** The one place where errors become answers: always JSON `{ message }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // The field's path (`tags.2`), else the part of the request that is wrong as a whole.
      const where = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
      return reply.code(400).send({ message: `Invalid ${where}: ${first?.message ?? 'bad value'}` });
    }
    if (isClientError(error)) {
      return reply.code(error.statusCode!).send({ message: error.message });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
}
