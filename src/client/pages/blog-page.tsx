import { BlogList } from '../features/blog/blog-list.tsx';
import { blogViewMeta, useBlogAddress } from '../features/blog/blog-view.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useDocumentMeta } from '../seo.ts';

export function BlogPage() {
  const { siteUrl } = useSiteConfig();
  const { view } = useBlogAddress();
  // Each view has its own address, so its own canonical link and title follow it.
  useDocumentMeta(blogViewMeta(view), siteUrl);
  return (
    <main id="main">
      <BlogList />
    </main>
  );
}
