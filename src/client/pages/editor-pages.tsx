import { lazy } from 'react';
import { useParams } from 'wouter';
import { useSiteConfig } from '../lib/site-config.tsx';
import { pagePath } from '../../shared/routes.ts';
import { editorMeta, useDocumentMeta } from '../seo.ts';
import { AdminShell } from './admin-shell.tsx';

// The editor, its markdown preview and the upload dialog load only for the admin.
const EditorPage = lazy(() => import('../features/editor/editor-page.tsx'));

function GatedEditor({ postId }: { postId?: string }) {
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(editorMeta(postId ? pagePath.edit(postId) : pagePath.write, postId ? 'Edit Post' : 'Write New Post'), siteUrl);
  return (
    <AdminShell loadingLabel="Loading editor...">
      <EditorPage postId={postId} />
    </AdminShell>
  );
}

export function WritePage() {
  return <GatedEditor />;
}

export function EditPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <GatedEditor postId={id} />;
}
