/**
 * Who is asking, as the services need to know it: read once from the request by `viewerOf`
 * (server/http/viewer.ts), so that no service reads cookies or headers itself.
 */
export interface Viewer {
  /** The request carries a live admin session. */
  isAdmin: boolean;
  /** The client address (after TRUST_PROXY). */
  ip: string;
  userAgent: string;
}
