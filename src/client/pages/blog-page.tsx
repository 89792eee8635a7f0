import { BlogList } from '../features/blog/blog-list.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { blogMeta, useDocumentMeta } from '../seo.ts';

export function BlogPage() {
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(blogMeta(), siteUrl);
  return (
    <main id="main">
      <BlogList />
    </main>
  );
}
