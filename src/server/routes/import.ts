import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importRequestSchema, importResultSchema } from '../../shared/imports.ts';
import { HttpError } from '../errors.ts';
import { createGuardedFetcher, GuardedFetchError, type PageFetcher } from '../adapters/guarded-fetch.ts';
import { requireAdmin } from '../http/session.ts';

export interface ImportRouteOptions {
  /** `IMPORT_ALLOW_HOSTS`: hosts fetched although private or loopback. */
  allowHosts?: readonly string[];
  /** Replaces the guarded fetcher built from `allowHosts`. */
  fetcher?: PageFetcher;
}

/**
 * Status of a failed import. The author's mistakes (an address the policy refuses, a page that is
 * missing, too large or not HTML) are 4xx; only the upstream's failures (unreachable, erroring,
 * looping, too slow) are gateway errors.
 */
function statusOf(error: GuardedFetchError): number {
  switch (error.reason) {
    case 'refused':
      return 400;
    case 'upstream-status':
      return (error.upstreamStatus ?? 0) >= 500 ? 502 : 422;
    case 'not-html':
      return 422;
    case 'too-large':
      return 413;
    case 'timeout':
      return 504;
    case 'too-many-redirects':
    case 'unreachable':
      return 502;
  }
}

export const importRoutes: FastifyPluginAsyncZod<ImportRouteOptions> = async (app, options) => {
  const fetcher = options.fetcher ?? createGuardedFetcher({ allowHosts: options.allowHosts ?? [] });

  app.post(
    '/api/import-content',
    { onRequest: requireAdmin, schema: { body: importRequestSchema, response: { 200: importResultSchema } } },
    async (request) => {
      try {
        // The importer (linkedom, Readability, turndown) loads with the first import, not at start-up.
        const { importArticle } = await import('../services/url-import/index.ts');
        return await importArticle(request.body.url, fetcher);
      } catch (error) {
        if (error instanceof GuardedFetchError) {
          request.log.info({ url: request.body.url, reason: error.reason }, 'import failed');
          throw new HttpError(statusOf(error), error.message);
        }
        // Fetched but not imported (no article, too long, too complex): the page's fault, 422.
        if (error instanceof HttpError) request.log.info({ url: request.body.url, reason: error.message }, 'import refused');
        throw error;
      }
    },
  );
};
