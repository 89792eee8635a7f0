import { mailtoHref } from '../../lib/mailto.ts';

/** A time in the back office: the author's own clock, day and minute, "Jun 3, 2025, 2:05 PM". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** `Re: <subject>`, or `Re: Your message` when the visitor gave none. */
export function replySubject(subject: string | null): string {
  const text = subject?.trim();
  return text ? `Re: ${text}` : 'Re: Your message';
}

/** A `mailto:` link that opens a reply, every part encoded (an address may hold `?` or `&`). */
export function replyHref(email: string, subject: string | null): string {
  return mailtoHref(email, { subject: replySubject(subject) });
}
