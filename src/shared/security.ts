// The author's security settings (DESIGN.md "passkeys for the author"): the API's shapes, shared
// by the server's routes and the admin's screens.
import { z } from 'zod';
import { text } from './fields.ts';

const PASSKEY_NAME_MAX = 100;

/**
 * A WebAuthn answer as the browser library serialises it (base64url fields). Checked in depth by
 * the WebAuthn library; here only its shape and size, so nothing unbounded reaches it.
 */
const encoded = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');
const webAuthnAnswer = {
  id: encoded.min(1),
  rawId: encoded.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

const registrationAnswerSchema = z.object({
  ...webAuthnAnswer,
  response: z.looseObject({
    clientDataJSON: encoded,
    attestationObject: encoded,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

const authenticationAnswerSchema = z.object({
  ...webAuthnAnswer,
  response: z.looseObject({
    clientDataJSON: encoded,
    authenticatorData: encoded,
    signature: encoded,
    userHandle: encoded.optional(),
  }),
});

export const addPasskeySchema = z.object({
  name: text().trim().min(1, 'Required').max(PASSKEY_NAME_MAX),
  response: registrationAnswerSchema,
});

export const requirePasskeySchema = z.object({ required: z.boolean() });

export const passkeySignInSchema = z.object({ response: authenticationAnswerSchema });

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

export const securityOverviewSchema = z.object({
  available: z.boolean(),
  requirePasskey: z.boolean(),
  passkeys: z.array(passkeySummarySchema),
  recoveryCodes: z.object({ remaining: z.number(), total: z.number() }),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
