import { adminWidth, cx } from '../../components/ui/class-names.ts';
import { useQuery } from '@tanstack/react-query';
import { Eye, Save, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ImportResult } from '../../../shared/imports.ts';
import type { Post, RenderedPost } from '../../../shared/posts.ts';
import { postStatusAt } from '../../../shared/post-dates.ts';
import { slugify } from '../../../shared/text.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { toast } from '../../lib/toast.ts';
import { editorPostQuery } from './api.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { PreviewPanel, SettingsPanel } from './editor-panels.tsx';
import { EditorSidebar } from './editor-sidebar.tsx';
import {
  emptyFields,
  fieldsFromPost,
  forgetDraft,
  loadStoredDraft,
  sameFields,
  storeDraft,
  type EditorFields,
  type StoredDraft,
} from './editor-state.ts';
import { PreviewLinkControl } from './preview-link.tsx';
import { RestoreOffer } from './restore-offer.tsx';
import { useImport } from './use-import.ts';
import { useSite } from '../../lib/site-document.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { usePostSaver } from './use-post-saver.ts';
import { TitleField, WritePanel } from './write-panel.tsx';
import type { SlugTaken } from './save-conflict.ts';

// History and its diff library load only when the author opens the tab.
const HistoryPanel = lazy(() => import('./history-panel.tsx'));

const AUTOSAVE_DELAY_MS = 400;
const iconButtonClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 disabled:opacity-60';

/**
 * `/write` and `/edit/{id}`: loads the post when editing, then hands it to the form. `onPublished`
 * gets a saved post readers can see now (rendered), before the editor goes to its page.
 */
export default function EditorPage({ postId, onPublished }: { postId?: string; onPublished?: (post: RenderedPost) => void }) {
  const post = useQuery(editorPostQuery(postId));
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
  return <PostEditor key={postId ?? 'new'} postId={postId} loaded={post.data} onPublished={onPublished} />;
}

function PostEditor({
  postId,
  loaded,
  onPublished,
}: {
  postId?: string;
  loaded?: Post;
  onPublished?: (post: RenderedPost) => void;
}) {
  // A new post's byline starts as the profile's name (the site document); the author may change it.
  const { profile } = useSite();
  const [saved, setSaved] = useState<EditorFields>(() =>
    loaded ? fieldsFromPost(loaded) : { ...emptyFields, author: profile.name },
  );
  const [fields, setFields] = useState<EditorFields>(saved);
  // The version this text was based on: sent with each save so one made elsewhere is not overwritten.
  const [baseUpdatedAt, setBaseUpdatedAt] = useState(loaded?.updatedAt);
  const [conflict, setConflict] = useState<Post | null>(null);
  const [savedStatus, setSavedStatus] = useState(() => (loaded ? postStatusAt(loaded, new Date()) : undefined));
  const [tab, setTab] = useState('write');
  const [slugTaken, setSlugTaken] = useState<SlugTaken>();
  // A save refused here for an empty field: the field is marked and takes the focus.
  const [missing, setMissing] = useState<{ field: 'title' | 'content' }>();
  useEffect(() => {
    if (missing) document.getElementById(missing.field === 'title' ? 'post-title' : 'post-content')?.focus();
  }, [missing]);
  const [importUrl, setImportUrl] = useState('');
  const [pendingImport, setPendingImport] = useState<ImportResult | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [restorable, setRestorable] = useState<StoredDraft | undefined>(() => {
    const stored = typeof window === 'undefined' ? undefined : loadStoredDraft(postId);
    return stored && !sameFields(stored.fields, saved) ? stored : undefined;
  });
  const dirty = !sameFields(fields, saved);

  const { save, remove } = usePostSaver(postId, {
    onSaved: (post, savedFields) => {
      setSaved(savedFields);
      setBaseUpdatedAt(post.updatedAt);
      setSavedStatus(postStatusAt(post, new Date()));
      setConflict(null);
      setSlugTaken(undefined);
    },
    onConflict: setConflict,
    onSlugTaken: (taken) => {
      // The field is on the Write tab: the author is taken there, to the slug.
      setTab('write');
      setSlugTaken(taken);
    },
    onPublished,
  });
  const importer = useImport((result) => applyImport(result));
  useLeaveGuard(dirty && !save.isPending);

  // Keep an unsaved copy in the browser while the author types (never while an offer is open).
  useEffect(() => {
    if (!dirty || restorable) return;
    const timer = setTimeout(() => storeDraft(postId, fields), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fields, dirty, postId, restorable]);

  const update = (patch: Partial<EditorFields>) => setFields((current) => ({ ...current, ...patch }));

  const onSave = (expectedUpdatedAt = baseUpdatedAt) => {
    if (!fields.title.trim()) {
      toast({ title: 'Title required', description: 'Please enter a title for your post.', variant: 'destructive' });
      setMissing({ field: 'title' });
      return;
    }
    if (!fields.content.trim()) {
      toast({ title: 'Content required', description: 'Please write some content for your post.', variant: 'destructive' });
      setTab('write');
      setMissing({ field: 'content' });
      return;
    }
    storeDraft(postId, fields);
    save.mutate({ fields, expectedUpdatedAt });
  };

  // The author's refused text is already a revision on the server (History), so nothing is lost.
  const takeTheirs = (current: Post) => {
    const theirs = fieldsFromPost(current);
    setFields(theirs);
    setSaved(theirs);
    setBaseUpdatedAt(current.updatedAt);
    setSavedStatus(postStatusAt(current, new Date()));
    setConflict(null);
    forgetDraft(postId);
  };

  const restoreVersion = (restored: EditorFields) => {
    setFields(restored);
    setTab('write');
    toast({ title: 'Version restored', description: 'Save to keep it: saving makes a new version in History.' });
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
    // Under lg the save bar is fixed at the bottom of the screen: room for it after the last field.
    <div className={cx(adminWidth, 'py-10 max-lg:pb-48')}>
      {/* The Title comes right after the heading for the keyboard, the two icon buttons after it,
          shown beside the heading. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-4">
        <h1 className="col-start-1 row-start-1 text-3xl font-bold text-slate-900">{postId ? 'Edit Post' : 'Write New Post'}</h1>
        <div className="col-span-2 row-start-2">
          <TitleField title={fields.title} setFields={setFields} missing={missing?.field === 'title'} />
        </div>
        <div className="col-start-2 row-start-1 flex gap-2">
          <button
            type="button"
            aria-label="Save now"
            title="Save now"
            onClick={() => onSave()}
            disabled={save.isPending}
            className={iconButtonClass}
          >
            <Save aria-hidden="true" className="h-5 w-5" />
          </button>
          <button
            type="button"
            aria-label="Show preview"
            title="Show preview"
            onClick={() => setTab('preview')}
            className={iconButtonClass}
          >
            <Eye aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>

      {restorable && (
        <RestoreOffer
          savedAt={restorable.savedAt}
          onRestore={() => {
            setFields(restorable.fields);
            setRestorable(undefined);
          }}
          onDiscard={() => {
            setRestorable(undefined);
            storeDraft(postId, fields);
          }}
        />
      )}

      {conflict && (
        <ConflictPanel
          fields={fields}
          current={conflict}
          saving={save.isPending}
          onKeepMine={() => onSave(conflict.updatedAt)}
          onTakeTheirs={() => takeTheirs(conflict)}
        />
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
        <Tabs value={tab} onValueChange={setTab} className="min-w-0">
          <TabsList aria-label="Editor">
            <TabsTrigger value="write">Write</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
            {postId && <TabsTrigger value="history">History</TabsTrigger>}
          </TabsList>

          <TabsContent value="write">
            <WritePanel
              fields={fields}
              setFields={setFields}
              slugTaken={slugTaken?.slug === fields.slug ? slugTaken : undefined}
              contentMissing={missing?.field === 'content'}
            />
          </TabsContent>
          <TabsContent value="preview">
            <PreviewPanel fields={fields} />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsPanel fields={fields} update={update} postId={postId} />
          </TabsContent>
          {postId && (
            <TabsContent value="history">
              <Suspense fallback={<Spinner label="Loading history..." />}>
                <HistoryPanel postId={postId} fields={fields} onRestore={restoreVersion} />
              </Suspense>
            </TabsContent>
          )}
        </Tabs>

        <EditorSidebar
          fields={fields}
          update={update}
          saving={save.isPending}
          onSave={() => onSave()}
          onPreview={() => setTab('preview')}
          importUrl={importUrl}
          setImportUrl={setImportUrl}
          importing={importer.isPending}
          onImport={onImport}
        >
          {postId && savedStatus !== 'published' && <PreviewLinkControl postId={postId} />}
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
