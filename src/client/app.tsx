import { Route, Switch } from 'wouter';
import { Toaster } from './components/ui/toaster.tsx';
import { ContactForm } from './features/contact/contact-form.tsx';
import { Footer } from './features/layout/footer.tsx';
import { Navbar } from './features/layout/navbar.tsx';
import { AdminPage } from './pages/admin-pages.tsx';
import { BlogPage } from './pages/blog-page.tsx';
import { CvPage } from './pages/cv-page.tsx';
import { EditPage, WritePage } from './pages/editor-pages.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PostPage } from './pages/post-page.tsx';
import { paths } from './paths.ts';

/** The shell of SPEC.md section 2: navigation, the page, the footer with the contact form, toasts. */
export function App() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <Navbar />
      <div className="flex-1">
        <Switch>
          <Route path={paths.home} component={HomePage} />
          <Route path={paths.cv} component={CvPage} />
          <Route path={paths.blog} component={BlogPage} />
          <Route path="/blog/:slug" component={PostPage} />
          <Route path={paths.write} component={WritePage} />
          <Route path="/edit/:id" component={EditPage} />
          <Route path={paths.admin}>
            <AdminPage path={paths.admin} />
          </Route>
          <Route path={paths.adminPosts}>
            <AdminPage path={paths.adminPosts} />
          </Route>
          <Route path={paths.adminComments}>
            <AdminPage path={paths.adminComments} />
          </Route>
          <Route path={paths.adminMessages}>
            <AdminPage path={paths.adminMessages} />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </div>
      <Footer contactForm={<ContactForm />} />
      <Toaster />
    </div>
  );
}
