import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedResponse, identityOf, type RenderedResponse } from '../pages/page-cache.ts';

// Brotli first: it is what browsers ask for and about a fifth smaller than gzip on these pages.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Whether this request may be served from, and may fill, the shared page cache. */
export const mayUseSharedCache = (request: FastifyRequest) => !request.adminSession;

/**
 * Sends a rendered page or feed. A cached one goes out in the encoding the client accepts, as it
 * was compressed once; a fresh one is compressed on the way out. Either way the ETag is that of
 * the content (the ETag hook answers 304 to a matching If-None-Match) and the CSP names the
 * page's own nonce.
 */
export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  response: RenderedResponse | CachedResponse,
): FastifyReply {
  if (response.nonce) {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replaceAll(reply.scriptNonce, response.nonce));
  }
  reply.code(response.status).header('content-type', response.contentType).header('etag', `W/"${response.etag}"`);
  if (!('gzip' in response)) return reply.send(response.body);
  // Added to what the route already varies on (a page varies on Save-Data too).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(response.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(response.gzip);
  return reply.send(identityOf(response));
}
