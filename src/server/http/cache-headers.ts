import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * DESIGN.md "Reading at the speed of a static site": what visitors get may be kept by a CDN for a
 * minute and served stale for ten while it revalidates, so a spike is absorbed in front of the
 * site; browsers revalidate every time (max-age=0) and get a 304 when nothing changed.
 */
export const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Anything shown to the admin, and every error: kept by no cache. */
export const PRIVATE_CACHE = 'private, no-store';

/**
 * Cache-Control and ETag for every GET that does not set its own: public for visitors' successful
 * answers, private for the admin's and for errors. Registered before compression, so the ETag is
 * that of the content (weak: gzip, br and identity are the same representation).
 */
export async function registerCacheHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (reply.hasHeader('cache-control')) return;
    const shared = !request.adminSession && reply.statusCode < 300;
    reply.header('cache-control', shared ? PUBLIC_CACHE : PRIVATE_CACHE);
  });
  await app.register(fastifyEtag, { weak: true });
}
