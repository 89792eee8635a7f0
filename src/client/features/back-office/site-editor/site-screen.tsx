import { adminWidth, cx } from '../../../components/ui/class-names.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { siteQuery } from '../../../lib/site-document.ts';
import { LoadError, ScreenHeader } from '../screen-header.tsx';

// The form brings the upload widget (Uppy), the schema and the JSON Resume reader: loaded only
// when the author opens this screen, not with the dashboard.
const SiteForm = lazy(() => import('./site-form.tsx'));

/** `/admin/site` (DESIGN.md "make it yours"): every word of the site, its images and its history. */
export function SiteScreen() {
  const queryClient = useQueryClient();
  const site = useQuery(siteQuery());
  // The cached document may be older than the last save from another tab: the form starts from the server's.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: siteQuery().queryKey, exact: true });
  }, [queryClient]);

  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Site">Your name, the home page, the CV and the blog&apos;s heading, as readers see them.</ScreenHeader>
      {site.data ? (
        <Suspense fallback={<Spinner label="Loading the form..." />}>
          <SiteForm latest={site.data} />
        </Suspense>
      ) : site.isError ? (
        <LoadError what="the site" onRetry={() => void site.refetch()} />
      ) : (
        <Spinner label="Loading the site..." />
      )}
    </div>
  );
}
