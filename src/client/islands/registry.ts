import { SaveOfflineButton } from '../components/save-offline-button.tsx';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { CommentsSection } from '../features/comments/comments-section.tsx';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { SavedList } from '../features/offline/saved-list.tsx';
import { ViewMyWorkButton } from '../features/home/view-my-work-button.tsx';
import { Navbar } from '../features/layout/navbar.tsx';
import { ShareBar } from '../features/post/share-bar.tsx';
import { BlogPage } from '../pages/blog-page.tsx';

/**
 * The interactive parts of the reading pages, by the name their marker carries, for the server
 * and the author's app. In the browser, entry-reader.tsx and entry-blog.tsx hydrate them.
 */
export const islands = {
  navbar: Navbar,
  contact: ContactForm,
  toaster: LazyToaster,
  share: ShareBar,
  'save-offline': SaveOfflineButton,
  'saved-list': SavedList,
  comments: CommentsSection,
  // The whole list (filters, search, pagination, the admin's toolbar) is one island: its page.
  blog: BlogPage,
  'view-my-work': ViewMyWorkButton,
};

export type IslandName = keyof typeof islands;

/** Islands built on the router and the query library: a page showing one boots with entry-blog.tsx. */
export const appIslands: ReadonlySet<IslandName> = new Set(['blog']);
