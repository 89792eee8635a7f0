import escapeHtml from 'escape-html';
import type { OutgoingMail } from '../../adapters/mailer.ts';
import { CONFIRM_DAYS } from './subscribers.ts';

/** Who the newsletter's e-mails are from: the sender's address, named after the site. */
export interface Sender {
  siteName: string;
  address: string;
}

/** The e-mail that asks a new subscriber to confirm (double opt-in). */
export function confirmationMail(sender: Sender, to: string, confirmUrl: string): OutgoingMail {
  const text = [
    `Someone, hopefully you, asked to get new posts from ${sender.siteName} by e-mail at this address.`,
    '',
    `To confirm, open this link and press "Confirm subscription":`,
    confirmUrl,
    '',
    `The link works for ${CONFIRM_DAYS} days. If you did not ask, ignore this e-mail: nothing will be sent.`,
  ].join('\n');
  const html = page(
    `<p>Someone, hopefully you, asked to get new posts from ${escapeHtml(sender.siteName)} by e-mail at this address.</p>
<p><a href="${escapeHtml(confirmUrl)}" style="color:#1d4ed8">Confirm your subscription</a></p>
<p style="color:#475569">The link works for ${CONFIRM_DAYS} days. If you did not ask, ignore this e-mail: nothing will be sent.</p>`,
  );
  return {
    from: { name: sender.siteName, address: sender.address },
    to,
    subject: `Confirm your subscription to ${sender.siteName}`,
    text,
    html,
  };
}

export interface PostForMail {
  title: string;
  /** Markdown: the text part. */
  content: string;
  /** Rendered: the HTML part. */
  html: string;
  excerpt?: string;
}

/**
 * A post as its newsletter e-mail (DESIGN.md): title, cover, body with every link and image
 * absolute, a link to the post and the unsubscribe link; HTML and plain text; the RFC 8058
 * one-click headers. No tracking pixel, no rewritten links.
 */
export function postMail(
  sender: Sender,
  post: PostForMail,
  addresses: { siteUrl: string; post: string; cover?: string; unsubscribe: string },
  to: string,
  messageId: string,
): OutgoingMail {
  const absolute = (html: string) =>
    html
      .replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${addresses.siteUrl}/`)
      .replace(
        /(\ssrcset=")([^"]*)"/g,
        (_m, start: string, set: string) => `${start}${set.replace(/(^|,\s*)\/(?!\/)/g, `$1${addresses.siteUrl}/`)}"`,
      );
  const text = [
    post.title,
    '',
    post.content.replace(/\]\(\/(?!\/)/g, `](${addresses.siteUrl}/`),
    '',
    `Read it on the site: ${addresses.post}`,
    '',
    `You get this because you subscribed to ${sender.siteName}. Unsubscribe: ${addresses.unsubscribe}`,
  ].join('\n');
  const cover = addresses.cover
    ? `<img src="${escapeHtml(addresses.cover)}" alt="" width="600" style="display:block;width:100%;max-width:600px;height:auto;border-radius:8px;margin:0 0 24px">`
    : '';
  const html = page(
    `${cover}<h1 style="font-size:28px;line-height:1.25;margin:0 0 16px"><a href="${escapeHtml(addresses.post)}" style="color:#0f172a;text-decoration:none">${escapeHtml(post.title)}</a></h1>
<div style="font-size:17px;line-height:1.6">${absolute(post.html)}</div>
<p style="margin:32px 0 0"><a href="${escapeHtml(addresses.post)}" style="color:#1d4ed8">Read it on the site</a></p>
<p style="margin:32px 0 0;font-size:13px;color:#475569">You get this because you subscribed to ${escapeHtml(sender.siteName)}. <a href="${escapeHtml(addresses.unsubscribe)}" style="color:#475569">Unsubscribe</a></p>`,
  );
  return {
    from: { name: sender.siteName, address: sender.address },
    to,
    subject: post.title,
    text,
    html,
    messageId,
    headers: {
      'List-Unsubscribe': `<${addresses.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const page = (body: string) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px 16px;background:#ffffff;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="max-width:600px;margin:0 auto">${body}</div>
</body></html>`;
