import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_LINK_DAYS, type PreviewLink } from '../../../shared/revisions.ts';
import { pagePath } from '../../../shared/routes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 192 bits of HMAC-SHA256: far beyond guessing, and a short address. */
const SIGNATURE_CHARS = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signed addresses that show a draft or a scheduled post to whoever holds them (DESIGN.md
 * "preview links"): `/preview/<post id>.<expiry>.<signature>`, keyed by the session secret, so
 * changing the secret revokes every link. Nothing is stored: every instance checks them alike.
 */
export class PreviewLinks {
  private readonly secret: string;
  private readonly siteUrl: string;
  private readonly now: () => Date;
  constructor(secret: string, siteUrl: string, clock?: () => Date) {
    this.secret = secret;
    this.siteUrl = siteUrl;
    this.now = clock ?? (() => new Date());
  }

  create(postId: string): PreviewLink {
    const expires = Math.floor((this.now().getTime() + PREVIEW_LINK_DAYS * DAY_MS) / 1000);
    const payload = `${postId}.${expires.toString(36)}`;
    return {
      url: `${this.siteUrl}${pagePath.preview(`${payload}.${this.sign(payload)}`)}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The post a token opens, or undefined when it is malformed, tampered with or expired. */
  verify(token: string): string | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [postId, expires, signature] = parts as [string, string, string];
    if (!UUID.test(postId) || !/^[0-9a-z]{1,12}$/.test(expires)) return undefined;
    const expected = Buffer.from(this.sign(`${postId}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (parseInt(expires, 36) * 1000 <= this.now().getTime()) return undefined;
    return postId;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`preview:${payload}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  }
}
