/**
 * The browser's one way to call the API (SPEC.md section 7): credentials always included, JSON
 * bodies, and any non-2xx raised as `Error("<status>: <text>")`.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Called on every 401, so the admin view can lock itself again. */
let onUnauthorized: (() => void) | undefined;
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}
/** For requests made without `apiRequest` (the upload widget's own XHR): report a 401 the same way. */
export function notifyUnauthorized(): void {
  onUnauthorized?.();
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  if (response.status === 401) onUnauthorized?.();
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`);
}

export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * An API error for a toast, in SPEC.md section 7's "<status>: <text>" form, with a JSON body's
 * `{ message }` as the text: "409: A post with the slug \"intro\" already exists".
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const [, status, body = error.message] = /^(\d{3}): ([\s\S]*)$/.exec(error.message) ?? [];
  let text = body;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    // A JSON body without a message has nothing a person can read: say it in our own words.
    text = typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    // Not JSON: use the text as it is.
  }
  if (!text) return status ? `${status}: ${fallback}` : fallback;
  return status ? `${status}: ${text}` : text;
}
