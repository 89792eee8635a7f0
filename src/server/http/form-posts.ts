import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_FIELD, VISITOR_FORMS, type FormOutcome, type FormResult, type VisitorForm } from '../../shared/form-outcome.ts';
import { routeOf } from '../../shared/routes.ts';
import { HttpError } from '../errors.ts';

/**
 * The visitors' forms without script (DESIGN.md "readers on metered data"): the JSON routes of
 * comments and contact also take a plain form POST, validated, guarded and stored the same way,
 * and answer `303` back to the form's page. What the send came to travels in a short-lived signed
 * cookie (never in the address: what a visitor types must not reach logs, proxies or history); the
 * page's next GET shows it once (routes/pages.ts).
 */

const COOKIE = 'form_outcome';
/** Long enough to follow the 303 on a slow phone; short enough that nothing lingers. */
const COOKIE_MAX_AGE_S = 60;
/** Browsers keep a cookie whose name and value fit in 4096 bytes; some count attributes too. */
const COOKIE_BUDGET = 3900;
/** The largest outcome a cookie could carry, unpacked (a guard, should a cookie decompress to more). */
const MAX_OUTCOME_BYTES = 64 * 1024;
/** Failures the visitor can put right by sending again: shown beside the form with their text. */
const RETRYABLE = new Set([400, 429]);
/** What the path of a page may hold: no scheme, host, `//`, quote or separator of a header. */
const PAGE_PATH = /^\/(?![/\\])[\w\-.~%/]{0,1000}$/;

export const isFormPost = (request: FastifyRequest): boolean =>
  request.method === 'POST' &&
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** The page a form was sent from, if it is a public page of the site; the home page otherwise. */
function returnPage(value: unknown): string {
  return typeof value === 'string' && PAGE_PATH.test(value) && routeOf(value)?.route.access === 'public' ? value : '/';
}

interface Submission {
  page: string;
  /** What the visitor typed, as typed (never the honeypot). */
  fields: Record<string, string>;
}

function submissionOf(form: VisitorForm, body: unknown): Submission {
  const values = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    page: returnPage(values[PAGE_FIELD]),
    fields: Object.fromEntries(VISITOR_FORMS[form].fields.map((name) => [name, text(name)])),
  };
}

/** The form as sent, kept before validation (which leaves only the schema's fields, trimmed). */
const submissions = new WeakMap<FastifyRequest, Submission>();

const outcomeSchema = z.object({
  form: z.enum(Object.keys(VISITOR_FORMS) as [VisitorForm, ...VisitorForm[]]),
  page: z.string(),
  result: z.enum(['sent', 'held', 'missing', 'failed']),
  detail: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<FormOutcome>;

const pack = (outcome: FormOutcome): string =>
  // Brotli's quality 5 packs a 5,000-character English message into about 2 KB in about 1.5 ms.
  brotliCompressSync(JSON.stringify(outcome), {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
  }).toString('base64url');

/**
 * The signed cookie value of an outcome. Typed text that cannot fit in a cookie (a long message in
 * a script that packs poorly) is given back as far as it fits: the short fields without the
 * longest one, else none; the outcome's text always shows.
 */
function cookieValue(reply: FastifyReply, outcome: FormOutcome): string {
  const candidates = [outcome];
  if (outcome.fields) {
    const longest = Object.entries(outcome.fields).reduce((a, b) => (b[1].length > a[1].length ? b : a))[0];
    const { [longest]: _dropped, ...shorter } = outcome.fields;
    candidates.push({ ...outcome, fields: shorter });
    const { fields: _none, ...bare } = outcome;
    candidates.push(bare);
  }
  let signed = '';
  for (const candidate of candidates) {
    signed = reply.signCookie(pack(candidate));
    if (COOKIE.length + 1 + encodeURIComponent(signed).length <= COOKIE_BUDGET) return signed;
  }
  return signed;
}

function sendOutcome(reply: FastifyReply, outcome: FormOutcome, secure: boolean): FastifyReply {
  reply.setCookie(COOKIE, cookieValue(reply, outcome), {
    path: outcome.page,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: COOKIE_MAX_AGE_S,
  });
  return reply.redirect(`${outcome.page}#${VISITOR_FORMS[outcome.form].section}`, 303);
}

/** The outcome of a failed send, for the errors a visitor can put right; undefined for the rest. */
function failedOutcome(form: VisitorForm, request: FastifyRequest, error: FastifyError): FormOutcome | undefined {
  const invalid = hasZodFastifySchemaValidationErrors(error);
  if (!invalid && !(error instanceof HttpError && RETRYABLE.has(error.statusCode))) return undefined;
  const { page, fields } = submissions.get(request) ?? submissionOf(form, request.body);
  const missing = VISITOR_FORMS[form].required.some((name) => !fields[name]?.trim());
  const outcome: FormOutcome = { form, page, result: missing ? 'missing' : 'failed', fields };
  // The comment form names the reason as its script does: the field's, or the answer's status and text.
  if (form === 'comment' && !missing) {
    const issue = invalid ? error.validation[0] : undefined;
    outcome.detail = issue
      ? `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.')}: ${issue.message}`
      : `${error.statusCode}: ${error.message}`;
  }
  return outcome;
}

/**
 * Lets the routes of this plugin take `application/x-www-form-urlencoded` bodies (only they: the
 * rest of the API stays JSON-only) and turns what goes wrong with a form post into a `303` back to
 * its page. Answers the function a route calls once the form is stored. JSON requests go on to the
 * app's error handler untouched.
 */
export async function acceptFormPosts(
  app: FastifyInstance,
  form: VisitorForm,
  secure: boolean,
): Promise<(request: FastifyRequest, reply: FastifyReply, result: FormResult) => FastifyReply> {
  // The body limit is the app's, the same as a JSON body's.
  await app.register(fastifyFormbody);
  app.addHook('onRequest', async (request) => {
    // These forms are sent from the site's own pages; another site's page may not send them for
    // its visitors (nor spend their write budget), as no other site may send the JSON.
    if (isFormPost(request) && request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, "Forms are sent from this site's own pages");
    }
  });
  app.addHook('preValidation', async (request) => {
    if (isFormPost(request)) submissions.set(request, submissionOf(form, request.body));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const outcome = isFormPost(request) ? failedOutcome(form, request, error) : undefined;
    // Thrown on, to the app's handler: the same JSON `{ message }` as before (413, 404, 5xx).
    if (!outcome) throw error;
    return sendOutcome(reply, outcome, secure);
  });
  return (request, reply, result) => {
    const { page } = submissions.get(request) ?? submissionOf(form, request.body);
    return sendOutcome(reply, { form, page, result }, secure);
  };
}

function readOutcome(request: FastifyRequest, raw: string): FormOutcome | undefined {
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || value === null) return undefined;
  try {
    const json = brotliDecompressSync(Buffer.from(value, 'base64url'), { maxOutputLength: MAX_OUTCOME_BYTES });
    const parsed = outcomeSchema.safeParse(JSON.parse(json.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The outcome of a form sent from the page at `pathname`, taken once: the cookie is cleared. An
 * outcome for another page (a cookie of `/blog` seen on a post below it) is left for that page;
 * one that does not read (its signature fails) is left to expire, so that a page kept by caches
 * never carries a Set-Cookie.
 */
export function takeFormOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  secure: boolean,
): FormOutcome | undefined {
  const raw = request.cookies[COOKIE];
  if (raw === undefined) return undefined;
  const outcome = readOutcome(request, raw);
  if (!outcome || outcome.page !== pathname) return undefined;
  reply.clearCookie(COOKIE, { path: pathname, httpOnly: true, sameSite: 'lax', secure });
  return outcome;
}
