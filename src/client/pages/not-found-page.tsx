import { Link, useLocation } from 'wouter';
import { useSiteConfig } from '../lib/site-config.tsx';
import { pagePath } from '../../shared/routes.ts';
import { useSite } from '../lib/site-document.ts';
import { notFoundMeta, useDocumentMeta } from '../seo.ts';

export function NotFoundPage() {
  const [location] = useLocation();
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(notFoundMeta(useSite(), location), siteUrl);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link
        href={pagePath.home}
        className="mt-6 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
      >
        Back to Portfolio
      </Link>
    </main>
  );
}
