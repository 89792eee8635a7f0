import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Eye, ImagePlus, Save, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ImportResult } from '../../../shared/imports.ts';
import type { Post } from '../../../shared/posts.ts';
import { slugify } from '../../../shared/text.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../lib/toast.ts';
import { api } from '../../paths.ts';
import { ImageUploadButton } from './image-upload-button.tsx';
import { EditorSidebar } from './editor-sidebar.tsx';
import {
  emptyFields,
  fieldsFromPost,
  loadStoredDraft,
  sameFields,
  storeDraft,
  type EditorFields,
  type StoredDraft,
} from './editor-state.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { applyMarkdownAction, imageMarkdown, insertAtCaret, type MarkdownAction, type TextEdit } from './markdown-actions.ts';
import { PreviewPanel, SettingsPanel } from './editor-panels.tsx';
import { TagInput } from './tag-input.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import { usePostSaver } from './use-post-saver.ts';
import { useImport } from './use-import.ts';

const inputClass =
  'w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30';
const tabClass =
  'rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 data-[state=active]:bg-white data-[state=active]:text-blue-800 data-[state=active]:shadow';
const AUTOSAVE_DELAY_MS = 400;

/** `/write` and `/edit/{id}`: loads the post when editing, then hands it to the form. */
export default function EditorPage({ postId }: { postId?: string }) {
  const post = useQuery<Post>({ queryKey: [api.posts, postId ?? ''], enabled: postId !== undefined, gcTime: 0 });
  useEffect(() => {
    if (post.isError) toast({ title: 'Error', description: 'Failed to load post', variant: 'destructive' });
  }, [post.isError]);

  if (postId && post.isPending) return <Spinner label="Loading post..." />;
  if (postId && (post.isError || !post.data)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Failed to load post</h1>
        <p className="mt-3 text-slate-700">The post could not be loaded. It may have been deleted.</p>
      </div>
    );
  }
  return <PostEditor key={postId ?? 'new'} postId={postId} loaded={post.data} />;
}

function PostEditor({ postId, loaded }: { postId?: string; loaded?: Post }) {
  const [saved, setSaved] = useState<EditorFields>(() => (loaded ? fieldsFromPost(loaded) : emptyFields));
  const [fields, setFields] = useState<EditorFields>(saved);
  const [tab, setTab] = useState('write');
  const [importUrl, setImportUrl] = useState('');
  const [pendingImport, setPendingImport] = useState<ImportResult | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [restorable, setRestorable] = useState<StoredDraft | undefined>(() => {
    const stored = typeof window === 'undefined' ? undefined : loadStoredDraft(postId);
    return stored && !sameFields(stored.fields, saved) ? stored : undefined;
  });
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<TextEdit | null>(null);
  const dirty = !sameFields(fields, saved);

  const { save, remove } = usePostSaver(postId, (_post, savedFields) => setSaved(savedFields));
  const importer = useImport((result) => applyImport(result));
  useLeaveGuard(dirty && !save.isPending);

  // Keep an unsaved copy in the browser while the author types (never while an offer is open).
  useEffect(() => {
    if (!dirty || restorable) return;
    const timer = setTimeout(() => storeDraft(postId, fields), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fields, dirty, postId, restorable]);

  // Restore the caret after a toolbar edit re-rendered the text.
  useEffect(() => {
    const edit = pendingSelection.current;
    if (!edit || !textarea.current) return;
    pendingSelection.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  }, [fields.content]);

  const update = (patch: Partial<EditorFields>) => setFields((current) => ({ ...current, ...patch }));
  const setTitle = (title: string) =>
    setFields((current) => ({
      ...current,
      title,
      slug: current.slug === '' || current.slug === slugify(current.title) ? slugify(title) : current.slug,
    }));

  const applyEdit = (edit: TextEdit) => {
    pendingSelection.current = edit;
    update({ content: edit.text });
  };
  const onToolbarAction = (action: MarkdownAction) => {
    const area = textarea.current;
    const start = area?.selectionStart ?? fields.content.length;
    const end = area?.selectionEnd ?? fields.content.length;
    applyEdit(applyMarkdownAction(fields.content, start, end, action));
  };
  const insertImage = (name: string, objectPath: string) => {
    const area = textarea.current;
    const start = area?.selectionStart ?? fields.content.length;
    const end = area?.selectionEnd ?? fields.content.length;
    applyEdit(insertAtCaret(fields.content, start, end, imageMarkdown(name, objectPath)));
  };

  const onSave = () => {
    if (!fields.title.trim()) {
      toast({ title: 'Title required', description: 'Please enter a title for your post.', variant: 'destructive' });
      return;
    }
    if (!fields.content.trim()) {
      toast({ title: 'Content required', description: 'Please write some content for your post.', variant: 'destructive' });
      return;
    }
    storeDraft(postId, fields);
    save.mutate(fields);
  };

  const onImport = () => {
    const url = importUrl.trim();
    if (!url) {
      toast({ title: 'URL required', description: 'Please enter a URL to import content from.', variant: 'destructive' });
      return;
    }
    importer.mutate(url);
  };
  function applyImport(result: ImportResult, confirmed = false) {
    if (!confirmed && (fields.title.trim() || fields.content.trim())) {
      setPendingImport(result);
      return;
    }
    setFields((current) => ({
      ...current,
      title: result.title,
      slug: slugify(result.title),
      content: result.content,
      excerpt: result.excerpt,
      featuredImage: result.featuredImage ?? current.featuredImage,
    }));
    setImportUrl('');
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{postId ? 'Edit Post' : 'Write New Post'}</h1>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Save now"
            title="Save now"
            onClick={onSave}
            disabled={save.isPending}
            className="rounded-md border border-slate-300 p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 disabled:opacity-60"
          >
            <Save aria-hidden="true" className="h-5 w-5" />
          </button>
          <button
            type="button"
            aria-label="Show preview"
            title="Show preview"
            onClick={() => setTab('preview')}
            className="rounded-md border border-slate-300 p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
          >
            <Eye aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>

      {restorable && (
        <div
          role="alert"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p>You have unsaved changes from {new Date(restorable.savedAt).toLocaleString('en-US')}. Restore them?</p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => {
                setFields(restorable.fields);
                setRestorable(undefined);
              }}
              className="rounded-md bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
            >
              Restore
            </button>
            <button
              type="button"
              onClick={() => {
                setRestorable(undefined);
                storeDraft(postId, fields);
              }}
              className="rounded-md border border-amber-700 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
            >
              Discard
            </button>
          </div>
        </div>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_300px]">
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List aria-label="Editor" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger value="write" className={tabClass}>
              Write
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              Preview
            </Tabs.Trigger>
            <Tabs.Trigger value="settings" className={tabClass}>
              Settings
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="write" className="mt-6 grid gap-5 focus:outline-none">
            <label className="grid gap-1 text-sm font-medium text-slate-800">
              Title
              <input
                type="text"
                value={fields.title}
                onChange={(e) => setTitle(e.target.value)}
                placeholder="Enter post title..."
                maxLength={300}
                className={inputClass}
              />
            </label>
            <label className="grid gap-1 text-sm font-medium text-slate-800">
              Slug
              <input
                type="text"
                value={fields.slug}
                onChange={(e) => update({ slug: e.target.value })}
                placeholder="post-url-slug"
                maxLength={200}
                className={inputClass}
              />
            </label>
            <div className="grid gap-1 text-sm font-medium text-slate-800">
              <label htmlFor="post-tags">Tags</label>
              <TagInput id="post-tags" tags={fields.tags} onChange={(tags) => update({ tags })} />
            </div>
            <div className="grid gap-1 text-sm font-medium text-slate-800">
              <label htmlFor="cover-image">Cover Image (optional)</label>
              <div className="flex flex-wrap gap-2">
                <input
                  id="cover-image"
                  type="text"
                  value={fields.featuredImage}
                  onChange={(e) => update({ featuredImage: e.target.value })}
                  placeholder="https://... or upload an image"
                  maxLength={2048}
                  className={`${inputClass} min-w-0 flex-1`}
                />
                <ImageUploadButton
                  label="Upload Cover"
                  onUploaded={(image) => update({ featuredImage: image.objectPath })}
                  onFallback={(uploadURL) => update({ featuredImage: uploadURL })}
                  className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                >
                  <ImagePlus aria-hidden="true" className="h-4 w-4" />
                </ImageUploadButton>
              </div>
              {fields.featuredImage && (
                <img
                  src={fields.featuredImage}
                  alt="Cover preview"
                  className="mt-2 max-h-48 w-auto rounded-md border border-slate-200 object-cover"
                />
              )}
            </div>
            <div className="grid gap-1 text-sm font-medium text-slate-800">
              <label htmlFor="post-content">Content</label>
              <div>
                <EditorToolbar onAction={onToolbarAction}>
                  <ImageUploadButton
                    label="Upload Image"
                    onUploaded={(image) => insertImage(image.name, image.objectPath)}
                    className="ml-auto inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                  >
                    <ImagePlus aria-hidden="true" className="h-4 w-4" />
                  </ImageUploadButton>
                </EditorToolbar>
                <textarea
                  id="post-content"
                  ref={textarea}
                  value={fields.content}
                  onChange={(e) => update({ content: e.target.value })}
                  placeholder="Write your post in markdown..."
                  rows={22}
                  className="block w-full rounded-b-md border border-slate-300 px-3 py-2 font-mono text-sm leading-6 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
                />
              </div>
            </div>
          </Tabs.Content>

          <Tabs.Content value="preview" className="mt-6 focus:outline-none">
            <PreviewPanel fields={fields} />
          </Tabs.Content>

          <Tabs.Content value="settings" className="mt-6 focus:outline-none">
            <SettingsPanel fields={fields} update={update} />
          </Tabs.Content>
        </Tabs.Root>

        <EditorSidebar
          fields={fields}
          update={update}
          saving={save.isPending}
          onSave={onSave}
          onPreview={() => setTab('preview')}
          importUrl={importUrl}
          setImportUrl={setImportUrl}
          importing={importer.isPending}
          onImport={onImport}
        >
          {postId && (
            <button
              type="button"
              onClick={() => setConfirmDelete(true)}
              disabled={remove.isPending}
              className="inline-flex w-full items-center justify-center gap-2 rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 disabled:opacity-60"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {remove.isPending ? 'Deleting...' : 'Delete Post'}
            </button>
          )}
        </EditorSidebar>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this post?"
        description={`"${fields.title || 'Untitled'}" and all of its comments will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutate()}
      />
      <ConfirmDialog
        open={pendingImport !== null}
        onOpenChange={(open) => !open && setPendingImport(null)}
        title="Replace your post with the imported article?"
        description="The title, content and excerpt you have written will be replaced by the imported ones."
        confirmLabel="Replace"
        onConfirm={() => pendingImport && applyImport(pendingImport, true)}
      />
    </div>
  );
}
