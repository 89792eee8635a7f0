import type { FastifyRequest } from 'fastify';
import { VISITOR_WRITE_WINDOW_MS } from '../../shared/constants.ts';
import { tooManyRequests } from '../errors.ts';
import type { RateLimiter } from '../services/auth/index.ts';

/** Counts one visitor write (comment or contact message) against the address's budget. */
export function visitorWriteGuard(limiter: RateLimiter, limit: number) {
  return async (request: FastifyRequest): Promise<void> => {
    const state = await limiter.hit(`visitor-write:${request.ip}`, VISITOR_WRITE_WINDOW_MS);
    if (state.count > limit) throw tooManyRequests(state.retryAfter);
  };
}
