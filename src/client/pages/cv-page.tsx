import { CvSections } from '../features/cv/cv-sections.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useSite } from '../lib/site-document.ts';
import { cvMeta, useDocumentMeta } from '../seo.ts';

export function CvPage() {
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(cvMeta(useSite()), siteUrl);
  return (
    <main id="main">
      <CvSections />
    </main>
  );
}
