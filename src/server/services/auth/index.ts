export { checkAdminPassword, ensureAdminAccount } from './admin-account.ts';
export { RateLimiter } from './rate-limiter.ts';
export { SessionStore } from './sessions.ts';
export { resolveSessionSecret } from './secrets.ts';
export { PasskeyService, relyingPartyOf } from './passkeys.ts';
