export { confirmationMail } from './mail.ts';
export { NewsletterSender } from './sender.ts';
export { SubscriberService } from './subscribers.ts';
export { SubscriberAdmin } from './admin.ts';
