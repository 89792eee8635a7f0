import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { useParams } from 'wouter';
import { postQuery } from '../features/post/api.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { pagePath } from '../../shared/routes.ts';
import { useSite } from '../lib/site-document.ts';
import { editorMeta, useDocumentMeta } from '../seo.ts';
import { AdminShell } from './admin-shell.tsx';

// The editor, its markdown preview and the upload dialog load only for the admin.
const EditorPage = lazy(() => import('../features/editor/editor-page.tsx'));

function GatedEditor({ postId }: { postId?: string }) {
  const { siteUrl } = useSiteConfig();
  const queryClient = useQueryClient();
  useDocumentMeta(
    editorMeta(useSite(), postId ? pagePath.edit(postId) : pagePath.write, postId ? 'Edit Post' : 'Write New Post'),
    siteUrl,
  );
  return (
    <AdminShell loadingLabel="Loading editor..." compact>
      {/* The post's page, where the editor goes after publishing, shows the save's answer unfetched. */}
      <EditorPage postId={postId} onPublished={(post) => queryClient.setQueryData(postQuery(post.slug).queryKey, post)} />
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
