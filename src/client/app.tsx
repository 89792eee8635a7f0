import type { ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { pageRoutes, routeOf } from '../shared/routes.ts';
import { blogSiteOf } from './features/blog/blog-site.tsx';
import { Footer } from './features/layout/footer.tsx';
import { useSite } from './lib/site-document.ts';
import { Island } from './islands/island.tsx';
import { NavigationProvider } from './lib/navigation.tsx';
import { AdminPage } from './pages/admin-pages.tsx';
import { CvPage } from './pages/cv-page.tsx';
import { EditPage, WritePage } from './pages/editor-pages.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PostPage } from './pages/post-page.tsx';
import { PreviewPage } from './pages/preview-page.tsx';
import { NewsletterConfirmPage, NewsletterUnsubscribePage } from './pages/newsletter-page.tsx';
import { SavedPage } from './pages/saved-page.tsx';
import { SubscribeForm } from './features/newsletter/subscribe-form.tsx';

/**
 * The shell of SPEC.md section 2: navigation, the page, the footer with the contact form, toasts.
 * On the reading pages only the islands hydrate (islands/island.tsx): the navigation, the contact
 * form, the toasts and what each page marks as interactive.
 */
export function App() {
  const site = useSite();
  const [path] = useLocation();
  // The author's pages have a frame of their own (AdminShell): their bar, no public menu or footer.
  const authorPage = routeOf(path)?.route.access === 'author';
  return (
    <RouterNavigation>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          Skip to content
        </a>
        {!authorPage && <Island name="navbar" props={{ siteName: site.profile.name }} />}
        <div className="flex-1">
          <Switch>
            <Route path={pageRoutes.home.path} component={HomePage} />
            <Route path={pageRoutes.cv.path} component={CvPage} />
            <Route path={pageRoutes.blog.path}>
              <Island name="blog" props={{ site: blogSiteOf(site) }} />
            </Route>
            <Route path={pageRoutes.post.path} component={PostPage} />
            <Route path={pageRoutes.saved.path} component={SavedPage} />
            <Route path={pageRoutes.preview.path} component={PreviewPage} />
            <Route path={pageRoutes.newsletterConfirm.path} component={NewsletterConfirmPage} />
            <Route path={pageRoutes.newsletterUnsubscribe.path} component={NewsletterUnsubscribePage} />
            <Route path={pageRoutes.write.path} component={WritePage} />
            <Route path={pageRoutes.edit.path} component={EditPage} />
            <Route path={pageRoutes.admin.path}>
              <AdminPage path={pageRoutes.admin.path} />
            </Route>
            <Route path={pageRoutes.adminPosts.path}>
              <AdminPage path={pageRoutes.adminPosts.path} />
            </Route>
            <Route path={pageRoutes.adminComments.path}>
              <AdminPage path={pageRoutes.adminComments.path} />
            </Route>
            <Route path={pageRoutes.adminMessages.path}>
              <AdminPage path={pageRoutes.adminMessages.path} />
            </Route>
            <Route path={pageRoutes.adminSite.path}>
              <AdminPage path={pageRoutes.adminSite.path} />
            </Route>
            <Route path={pageRoutes.adminSubscribers.path}>
              <AdminPage path={pageRoutes.adminSubscribers.path} />
            </Route>
            <Route path={pageRoutes.adminSecurity.path}>
              <AdminPage path={pageRoutes.adminSecurity.path} />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </div>
        {!authorPage && (
          <Footer
            contactForm={<Island name="contact" props={{}} />}
            // A post has its own at its end, where the form's answer shows.
            subscribeForm={<SubscribeForm anchor={routeOf(path)?.name !== 'post'} tone="dark" />}
          />
        )}
        <Island name="toaster" props={{}} />
      </div>
    </RouterNavigation>
  );
}

/** The router's place and moves for the links that work without it too (lib/navigation.tsx). */
function RouterNavigation({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  return <NavigationProvider value={{ path, navigate }}>{children}</NavigationProvider>;
}
