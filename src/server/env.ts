import { COMMENT_MODERATION_MODES, type CommentModeration } from '../shared/back-office.ts';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * TRUST_PROXY: off, a number of proxy hops in front of the app (`1` or `on`: one), or the proxies'
 * addresses or CIDR ranges, comma-separated. The client address is then the last one of
 * X-Forwarded-For that a trusted proxy wrote; what the client itself put first is never believed.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'off'].includes(value)) return false;
    if (['true', 'on'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const proxies = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (proxies.every((p) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(p))) return proxies;
    ctx.addIssue({ code: 'custom', message: 'must be off, a number of proxy hops, or proxy addresses (comma-separated)' });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalString,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    ADMIN_PASSWORD: optionalString,
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    CONTACT_TO: optionalString.pipe(z.email().optional()),
    /** The newsletter's sender (default CONTACT_TO), shown with the site's name. */
    NEWSLETTER_FROM: optionalString.pipe(z.email().optional()),
    /** Newsletter messages per minute at most, across every instance. */
    NEWSLETTER_RATE: z.coerce.number().int().min(1).max(100_000).default(120),
    VISITOR_WRITE_LIMIT: z.coerce.number().int().min(1).default(10),
    COMMENT_MODERATION: z.enum(COMMENT_MODERATION_MODES).default('off'),
    COMMENT_BLOCKLIST: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((word) => word.trim().toLowerCase())
          .filter(Boolean),
      ),
    TRUST_PROXY: trustProxy,
    IMPORT_ALLOW_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
  })
  .refine((env) => !env.SMTP_URL || env.CONTACT_TO, {
    path: ['CONTACT_TO'],
    message: 'is required when SMTP_URL is set',
  });

/** Server configuration, read once from the environment at start-up. */
export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  sessionSecret?: string;
  siteUrl: string;
  s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  smtp?: { url: string; to: string };
  /** The newsletter: only with SMTP (DESIGN.md). */
  newsletter?: { from: string; ratePerMinute: number };
  visitorWriteLimit: number;
  /** Which new comments wait for the author's approval (DESIGN.md, the author's back office). */
  commentModeration: CommentModeration;
  /** Words (lower case) that hold a comment whatever the moderation setting. */
  commentBlocklist: string[];
  /** Fastify's `trustProxy`: never `true`, which would believe the leftmost X-Forwarded-For. */
  trustProxy: false | number | string[];
  importAllowHosts: string[];
}

export class ConfigError extends Error {}

/** Validates the environment; a bad value throws a one-line message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  return {
    production,
    port: env.PORT,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    adminPassword: env.ADMIN_PASSWORD,
    sessionSecret: env.SESSION_SECRET,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtp: env.SMTP_URL && env.CONTACT_TO ? { url: env.SMTP_URL, to: env.CONTACT_TO } : undefined,
    newsletter:
      env.SMTP_URL && env.CONTACT_TO
        ? { from: env.NEWSLETTER_FROM ?? env.CONTACT_TO, ratePerMinute: env.NEWSLETTER_RATE }
        : undefined,
    visitorWriteLimit: env.VISITOR_WRITE_LIMIT,
    commentModeration: env.COMMENT_MODERATION,
    commentBlocklist: env.COMMENT_BLOCKLIST,
    trustProxy: env.TRUST_PROXY,
    importAllowHosts: env.IMPORT_ALLOW_HOSTS,
  };
}
