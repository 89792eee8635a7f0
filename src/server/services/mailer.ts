import nodemailer, { type Transporter } from 'nodemailer';

export interface ContactNotification {
  name: string;
  email: string;
  subject?: string | null;
  message: string;
}

/** Sends the author a copy of each contact message. */
export interface Mailer {
  sendContactNotification(message: ContactNotification): Promise<void>;
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly to: string;
  constructor(options: { url: string; to: string }) {
    this.transport = nodemailer.createTransport(options.url);
    this.to = options.to;
  }

  async sendContactNotification(message: ContactNotification): Promise<void> {
    await this.transport.sendMail({
      from: this.to,
      to: this.to,
      // Replying answers the visitor, not the site.
      replyTo: { name: message.name, address: message.email },
      subject: `Contact form: ${message.subject || `message from ${message.name}`}`,
      text: `${message.message}\n\n— ${message.name} <${message.email}>`,
    });
  }
}
