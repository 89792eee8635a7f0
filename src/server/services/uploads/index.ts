export { type StoredObject, UploadService } from './uploads.ts';
