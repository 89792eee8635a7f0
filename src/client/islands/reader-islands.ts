import { SaveOfflineButton } from '../components/save-offline-button.tsx';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { CommentsSection } from '../features/comments/comments-section.tsx';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { SavedList } from '../features/offline/saved-list.tsx';
import { ViewMyWorkButton } from '../features/home/view-my-work-button.tsx';
import { Navbar } from '../features/layout/navbar.tsx';
import { ShareBar } from '../features/post/share-bar.tsx';
import type { IslandComponents } from './hydrate.tsx';

/**
 * The islands built on React alone, part of every reading page's script: one download beats a
 * request each, and together they stay small (a post page's whole first script is under 80 KB gzip).
 */
export const readerIslands: IslandComponents = {
  navbar: Navbar,
  contact: ContactForm,
  toaster: LazyToaster,
  share: ShareBar,
  'save-offline': SaveOfflineButton,
  'saved-list': SavedList,
  comments: CommentsSection,
  'view-my-work': ViewMyWorkButton,
};
