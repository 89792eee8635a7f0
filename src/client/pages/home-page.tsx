import { Hero } from '../features/home/hero.tsx';
import { LatestPosts } from '../features/home/latest-posts.tsx';
import { Partners } from '../features/home/partners.tsx';
import { Skills } from '../features/home/skills.tsx';
import { Island } from '../islands/island.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useSite } from '../lib/site-document.ts';
import { homeMeta, useDocumentMeta } from '../seo.ts';

export function HomePage() {
  const { siteUrl } = useSiteConfig();
  const site = useSite();
  useDocumentMeta(homeMeta(site, siteUrl), siteUrl);
  return (
    <main id="main">
      <Hero action={<Island name="view-my-work" props={{}} />} />
      <Skills />
      <Partners />
      <LatestPosts />
    </main>
  );
}
