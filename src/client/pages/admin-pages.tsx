import { lazy } from 'react';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useSite } from '../lib/site-document.ts';
import { adminMeta, useDocumentMeta, type AdminScreenPath } from '../seo.ts';
import { AdminShell } from './admin-shell.tsx';

// One lazy chunk for the four screens. With one per screen, Vite 8's bundler (rolldown) moved the
// modules they share with the entry (React, the query client, wouter) out of it into a chunk that
// every reader then downloaded as well: 2.5 KB gzip more per first visit, measured.
const BackOffice = lazy(() => import('../features/back-office/back-office.tsx'));

/** `/admin`, `/admin/posts`, `/admin/comments` and `/admin/messages`, behind the admin gate. */
export function AdminPage({ path }: { path: AdminScreenPath }) {
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(adminMeta(useSite(), path), siteUrl);
  return (
    <AdminShell loadingLabel="Loading...">
      <BackOffice path={path} />
    </AdminShell>
  );
}
