import { createHash, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { PasskeySummary, SecurityOverview } from '../../../shared/security.ts';
import type { Database } from '../../db/client.ts';
import { passkeys, recoveryCodes, users, webauthnChallenges } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../errors.ts';
import { ADMIN_USERNAME } from './admin-account.ts';

/** How long a browser has to answer a challenge: WebAuthn's own prompt times out at 5 minutes. */
const CHALLENGE_MS = 5 * 60_000;
const RECOVERY_CODE_COUNT = 10;
/** Unambiguous letters and digits (no 0/O, 1/I/L): 31 symbols, 12 per code, about 59 bits. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * SimpleWebAuthn and its ASN.1 and certificate libraries, loaded at the first passkey ceremony:
 * in every process they would hold about 1 MB of source and compiled code for a screen the
 * author opens rarely (decision 018).
 */
const webauthn = () => import('@simplewebauthn/server');
const base64url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL;

/** The relying party of WebAuthn: the site's host, and the origin a browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party for `siteUrl`, or undefined when its host is an IP address: browsers refuse
 * WebAuthn there (a domain name is needed; `localhost` counts).
 */
export function relyingPartyOf(siteUrl: string): RelyingParty | undefined {
  const url = new URL(siteUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return undefined;
  return { id: host, origin: url.origin };
}

type Purpose = 'register' | 'sign-in';

const codeHash = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('base64url');
/** What the author typed, as the code was made: upper case, without spaces or dashes. */
const normalizeCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const newCode = () => {
  const symbols = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
};

const unavailable = () =>
  new HttpError(400, 'Passkeys need the site to have a domain name (localhost counts), not an IP address: set SITE_URL to one');

/**
 * The author's passkeys and recovery codes (DESIGN.md "passkeys for the author"). Challenges are
 * kept in the database, so that any instance can check an answer, and each is deleted by the
 * check that uses it: a replayed answer finds no challenge.
 */
export class PasskeyService {
  private readonly db: Database;
  private readonly rp: RelyingParty | undefined;

  constructor(db: Database, rp: RelyingParty | undefined) {
    this.db = db;
    this.rp = rp;
  }

  async overview(): Promise<SecurityOverview> {
    const [rows, [codes], requirePasskey] = await Promise.all([
      this.db.select().from(passkeys).orderBy(asc(passkeys.createdAt), asc(passkeys.id)),
      this.db
        .select({
          total: count(),
          remaining: sql<number>`count(*) filter (where ${recoveryCodes.usedAt} is null)`.mapWith(Number),
        })
        .from(recoveryCodes),
      this.isRequired(),
    ]);
    return {
      available: this.rp !== undefined,
      requirePasskey,
      passkeys: rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodes: { remaining: codes?.remaining ?? 0, total: codes?.total ?? 0 },
    };
  }

  async isRequired(): Promise<boolean> {
    const [row] = await this.db.select({ required: users.requirePasskey }).from(users).where(eq(users.username, ADMIN_USERNAME));
    return row?.required ?? false;
  }

  /**
   * What the browser needs to make a passkey for this site (shown by the authenticator as
   * `siteName`); the author's own passkeys are excluded.
   */
  async registrationOptions(siteName: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const rp = this.relyingParty();
    const existing = await this.storedCredentials();
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: siteName,
      rpID: rp.id,
      userName: ADMIN_USERNAME,
      userDisplayName: siteName,
      // One author: the same user handle for every passkey, so an authenticator replaces its own.
      userID: new TextEncoder().encode(`folio-author@${rp.id}`),
      attestationType: 'none',
      excludeCredentials: existing,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.issue(options.challenge, 'register');
    return options;
  }

  /** Keeps the passkey the browser made, under the author's name for it. */
  async register(name: string, response: RegistrationResponseJSON): Promise<PasskeySummary> {
    const rp = this.relyingParty();
    const { verifyRegistrationResponse } = await webauthn();
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.consume(challenge, 'register'),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (error) {
      throw new HttpError(400, `This passkey could not be added: ${(error as Error).message}`);
    }
    if (!verification.verified)
      throw new HttpError(400, 'This passkey could not be added: the browser’s answer did not check out');
    const { credential } = verification.registrationInfo;
    const isoBase64URL = await base64url();
    const [row] = await this.db
      .insert(passkeys)
      .values({
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw conflict('This passkey is already added');
    return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
  }

  /** Removes a passkey; removing the last one turns the requirement off (nothing could meet it). */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await tx.delete(passkeys).where(eq(passkeys.id, id)).returning({ id: passkeys.id });
      if (removed.length === 0) throw notFound('Passkey not found');
      const [left] = await tx.select({ n: count() }).from(passkeys);
      if ((left?.n ?? 0) === 0) await tx.update(users).set({ requirePasskey: false }).where(eq(users.username, ADMIN_USERNAME));
    });
  }

  async setRequired(required: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (required) {
        const [existing] = await tx.select({ n: count() }).from(passkeys);
        if ((existing?.n ?? 0) === 0) throw conflict('Add a passkey first: requiring one before it exists would lock you out');
      }
      await tx.update(users).set({ requirePasskey: required }).where(eq(users.username, ADMIN_USERNAME));
    });
  }

  /** The author's passkeys as the browser names them: to exclude when adding one, to allow when signing in. */
  private async storedCredentials(): Promise<Array<{ id: string; transports: AuthenticatorTransport[] }>> {
    const rows = await this.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys);
    return rows.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] }));
  }

  /** What the browser needs to sign in with one of the author's passkeys. */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const rp = this.relyingParty();
    const existing = await this.storedCredentials();
    if (existing.length === 0) throw new HttpError(400, 'No passkey has been added to this site yet: sign in with the password');
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: existing,
      userVerification: 'preferred',
    });
    await this.issue(options.challenge, 'sign-in');
    return options;
  }

  /**
   * Whether `response` is a fresh signature by one of the author's passkeys for a challenge this
   * site issued, unused and unexpired, for this site's origin. Its counter and last use are kept.
   */
  async signIn(response: AuthenticationResponseJSON): Promise<boolean> {
    const rp = this.relyingParty();
    const [stored] = await this.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
    if (!stored) return false;
    const [{ verifyAuthenticationResponse }, isoBase64URL] = await Promise.all([webauthn(), base64url()]);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.consume(challenge, 'sign-in'),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credentialId,
          publicKey: isoBase64URL.toBuffer(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports as AuthenticatorTransport[],
        },
        requireUserVerification: false,
      });
    } catch {
      return false;
    }
    if (!verification.verified) return false;
    // The counter only moves forward: a cloned authenticator replaying an old count is refused
    // (by the check above), and two sign-ins at once keep the larger count.
    await this.db
      .update(passkeys)
      .set({ counter: sql`greatest(${passkeys.counter}, ${verification.authenticationInfo.newCounter})`, lastUsedAt: sql`now()` })
      .where(eq(passkeys.id, stored.id));
    return true;
  }

  /** A new set of recovery codes, shown once; the old set stops working. */
  async newRecoveryCodes(): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    await this.db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(sql`true`);
      await tx.insert(recoveryCodes).values(codes.map((code) => ({ codeHash: codeHash(code) })));
    });
    return codes;
  }

  /** Spends `code` if it is one of the current set and unused; true when it was. */
  async useRecoveryCode(code: string): Promise<boolean> {
    if (normalizeCode(code).length !== 12) return false;
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.codeHash, codeHash(code)), isNull(recoveryCodes.usedAt)))
      .returning({ codeHash: recoveryCodes.codeHash });
    return used.length > 0;
  }

  /** The operator's way back in (`npm run admin:reset-passkeys`): no requirement, no passkey. */
  async reset(): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const removed = await tx.delete(passkeys).returning({ id: passkeys.id });
      await tx.update(users).set({ requirePasskey: false }).where(eq(users.username, ADMIN_USERNAME));
      await tx.delete(webauthnChallenges).where(sql`true`);
      return { removed: removed.length };
    });
  }

  private relyingParty(): RelyingParty {
    if (!this.rp) throw unavailable();
    return this.rp;
  }

  private async issue(challenge: string, purpose: Purpose): Promise<void> {
    // Expired challenges go as new ones come: the table holds only the last few minutes' worth.
    await this.db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, sql`now()`));
    await this.db
      .insert(webauthnChallenges)
      .values({ challenge, purpose, expiresAt: sql`now() + ${`${CHALLENGE_MS} milliseconds`}::interval` });
  }

  /** True once for a challenge issued for `purpose` that has not expired; it is gone after. */
  private async consume(challenge: string, purpose: Purpose): Promise<boolean> {
    const used = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return used.length > 0;
  }
}
