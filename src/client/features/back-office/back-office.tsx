import { pagePath } from '../../../shared/routes.ts';
import type { AdminScreenPath } from '../../seo.ts';
import { CommentsScreen } from './comments-screen.tsx';
import { Dashboard } from './dashboard.tsx';
import { MessagesScreen } from './messages-screen.tsx';
import { PostsScreen } from './posts-screen.tsx';
import { SecurityScreen } from './security-screen.tsx';
import { SiteScreen } from './site-editor/site-screen.tsx';
import { SubscribersScreen } from './subscribers-screen.tsx';

const screens = {
  [pagePath.admin]: Dashboard,
  [pagePath.adminPosts]: PostsScreen,
  [pagePath.adminComments]: CommentsScreen,
  [pagePath.adminMessages]: MessagesScreen,
  [pagePath.adminSite]: SiteScreen,
  [pagePath.adminSubscribers]: SubscribersScreen,
  [pagePath.adminSecurity]: SecurityScreen,
} satisfies Record<AdminScreenPath, () => React.ReactNode>;

/**
 * The back office's screens, loaded as one chunk the first time the admin opens any of them:
 * moving between them is then instant, and readers never download any of it.
 */
export default function BackOffice({ path }: { path: AdminScreenPath }) {
  const Screen = screens[path];
  return <Screen />;
}
