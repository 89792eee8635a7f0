import type { Transporter } from 'nodemailer';

export interface ContactNotification {
  name: string;
  email: string;
  subject?: string | null;
  message: string;
}

export interface CommentNotification {
  author: string;
  email: string;
  content: string;
  status: 'held' | 'published';
  postTitle: string;
  /** Absolute address of the post and of the moderation screen. */
  postUrl: string;
  moderationUrl: string;
}

/** A message to a reader (the newsletter, its confirmation), built by its service. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `<...@host>`: the same for the same message tried again. */
  messageId?: string;
  headers?: Record<string, string>;
}

/**
 * What an SMTP server's refusal means for the address: `permanent` (a 5xx: the mailbox does not
 * exist or refuses us), or `temporary` (a 4xx, a lost connection, a time-out: try again later).
 */
export class MailRefusal extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}

/** Tells the author, at `CONTACT_TO`, what visitors wrote; sends readers what they asked for. */
export interface Mailer {
  sendContactNotification(message: ContactNotification): Promise<void>;
  sendCommentNotification(comment: CommentNotification): Promise<void>;
  /** Rejects with a MailRefusal when the server refuses the message or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the kept connections (the app's shutdown). */
  close?(): Promise<void>;
}

/** Sends through the SMTP server of `url`; nodemailer is loaded by the first message, not at start-up. */
export class SmtpMailer implements Mailer {
  private readonly url: string;
  private readonly to: string;
  private transporter: Promise<Transporter> | undefined;
  constructor(options: { url: string; to: string }) {
    this.url = options.url;
    this.to = options.to;
  }

  private get transport(): Promise<Transporter> {
    return (this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(pooled(this.url)),
    ));
  }

  async close(): Promise<void> {
    const transporter = this.transporter;
    this.transporter = undefined;
    if (transporter) (await transporter).close();
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await (
        await this.transport
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    } catch (error) {
      throw refusalOf(error);
    }
  }

  async sendContactNotification(message: ContactNotification): Promise<void> {
    await (
      await this.transport
    ).sendMail({
      from: this.to,
      to: this.to,
      // Replying answers the visitor, not the site.
      replyTo: { name: message.name, address: message.email },
      subject: `Contact form: ${message.subject || `message from ${message.name}`}`,
      text: `${message.message}\n\n— ${message.name} <${message.email}>`,
    });
  }

  async sendCommentNotification(comment: CommentNotification): Promise<void> {
    const held = comment.status === 'held';
    await (
      await this.transport
    ).sendMail({
      from: this.to,
      to: this.to,
      replyTo: { name: comment.author, address: comment.email },
      subject: `${held ? 'Comment awaiting moderation' : 'New comment'} on "${comment.postTitle}"`,
      text: [
        `${comment.author} <${comment.email}> wrote on "${comment.postTitle}" (${comment.postUrl}):`,
        '',
        comment.content,
        '',
        held
          ? `It is held until you approve it: ${comment.moderationUrl}`
          : `It is published. Moderate comments: ${comment.moderationUrl}`,
      ].join('\n'),
    });
  }
}

/** nodemailer's error as a MailRefusal: an SMTP reply code of 5xx is for good, anything else is not. */
function refusalOf(error: unknown): MailRefusal {
  const { responseCode, message } = (error ?? {}) as { responseCode?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return new MailRefusal(text, typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600);
}

/**
 * The address with nodemailer's connection pool on (unless it says otherwise): a newsletter's
 * thousand messages go over a few kept connections, not one connection each.
 */
function pooled(address: string): string {
  const url = new URL(address);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.href;
}
