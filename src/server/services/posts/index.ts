export { freeSlug } from './free-slug.ts';
export {
  pastPublishAt,
  readableMetadata,
  searchCondition,
  tagKeysOf,
  throughSearchIndex,
  visibleToReaders,
} from './post-queries.ts';
export { PostReader } from './post-reader.ts';
export { PostService, type SavedPost } from './posts.ts';
export { PreviewLinks } from './preview-links.ts';
export { RevisionService, type SavedFields } from './revisions.ts';
export { MAX_VIEWS, storedViews, ViewCounter, type ViewCounterOptions } from './views.ts';
