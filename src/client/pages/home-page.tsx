import { Hero } from '../features/home/hero.tsx';
import { LatestPosts } from '../features/home/latest-posts.tsx';
import { Partners } from '../features/home/partners.tsx';
import { Skills } from '../features/home/skills.tsx';
import { Island } from '../islands/island.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { homeMeta, useDocumentMeta } from '../seo.ts';

export function HomePage() {
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(homeMeta(siteUrl), siteUrl);
  return (
    <main id="main">
      <Hero action={<Island name="view-my-work" props={{}} />} />
      <Skills />
      <Partners />
      <LatestPosts />
    </main>
  );
}
