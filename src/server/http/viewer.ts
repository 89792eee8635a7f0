import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../lib/viewer.ts';

/** The viewer of a request: its session (checked by the session hook), address and user agent. */
export const viewerOf = (request: FastifyRequest): Viewer => ({
  isAdmin: request.adminSession,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
