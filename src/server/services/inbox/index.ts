export { MessageService } from './messages.ts';
