export { CommentService } from './comments.ts';
