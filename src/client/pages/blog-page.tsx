import { BlogList } from '../features/blog/blog-list.tsx';
import { BlogSiteProvider, useBlogSite, type BlogSite } from '../features/blog/blog-site.tsx';
import { blogViewMeta, useBlogAddress } from '../features/blog/blog-view.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useDocumentMeta } from '../seo.ts';

/** The blog list, an island: what it shows of the site document comes as its props. */
export function BlogPage({ site }: { site: BlogSite }) {
  return (
    <BlogSiteProvider value={site}>
      <BlogView />
    </BlogSiteProvider>
  );
}

function BlogView() {
  const { siteUrl } = useSiteConfig();
  const site = useBlogSite();
  const { view } = useBlogAddress();
  // Each view has its own address, so its own canonical link and title follow it.
  useDocumentMeta(blogViewMeta(site, view), siteUrl);
  return (
    <main id="main">
      <BlogList />
    </main>
  );
}
