export { confirmationMail, type Sender } from './mail.ts';
export { NewsletterSender, type NewsletterSenderOptions } from './sender.ts';
export { SubscriberService, type ConfirmState, type UnsubscribeState } from './subscribers.ts';
