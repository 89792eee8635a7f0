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

/** Tells the author, at `CONTACT_TO`, what visitors wrote. */
export interface Mailer {
  sendContactNotification(message: ContactNotification): Promise<void>;
  sendCommentNotification(comment: CommentNotification): Promise<void>;
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
    return (this.transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url)));
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
