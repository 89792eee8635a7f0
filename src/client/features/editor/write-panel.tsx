import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { slugify } from '../../../shared/text.ts';
import { Input } from '../../components/ui/input.tsx';
import type { EditorFields } from './editor-state.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { ImageUploadButton } from '../../components/image-upload-button.tsx';
import {
  applyMarkdownAction,
  imageMarkdown,
  insertBlock,
  shortcutAction,
  type MarkdownAction,
  type TextEdit,
} from './markdown-actions.ts';
import type { SlugTaken } from './save-conflict.ts';
import { TagInput } from './tag-input.tsx';

/**
 * The post's Title, above the editor's tabs: every tab is about it, and it is the third stop of the
 * keyboard from the top of the page (issue 25). The slug follows it until the author changes it.
 */
export function TitleField({
  title,
  setFields,
  missing = false,
}: {
  title: string;
  setFields: Dispatch<SetStateAction<EditorFields>>;
  /** Saved without one: marked here (the toast says it too). */
  missing?: boolean;
}) {
  const setTitle = (next: string) =>
    setFields((current) => ({
      ...current,
      title: next,
      slug: current.slug === '' || current.slug === slugify(current.title) ? slugify(next) : current.slug,
    }));
  const shown = missing && !title.trim();
  return (
    <div className="grid gap-1">
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Title
        <Input
          id="post-title"
          type="text"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="Enter post title..."
          maxLength={300}
          aria-invalid={shown || undefined}
          aria-describedby={shown ? 'post-title-missing' : undefined}
        />
      </label>
      {shown && (
        <span id="post-title-missing" className="text-sm font-medium text-red-800">
          Give the post a title before saving it.
        </span>
      )}
    </div>
  );
}

/** The Write tab: slug, tags, cover and the markdown content with its toolbar. */
export function WritePanel({
  fields,
  setFields,
  slugTaken,
  contentMissing = false,
}: {
  fields: EditorFields;
  setFields: Dispatch<SetStateAction<EditorFields>>;
  /** A save refused because another post has this slug: said at the field, with the free one offered. */
  slugTaken?: SlugTaken;
  /** Saved without content: marked at the text area (the toast says it too). */
  contentMissing?: boolean;
}) {
  const slugInput = useRef<HTMLInputElement>(null);
  // The refusal moves the focus to the field it is about.
  useEffect(() => {
    if (slugTaken) slugInput.current?.focus();
  }, [slugTaken]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<TextEdit | null>(null);
  // The text area's selection when it last had focus: an upload dialog or the lists menu takes the
  // focus away, and a text area mounted again (after another tab) reports its caret at the start.
  const lastSelection = useRef<{ start: number; end: number } | null>(null);

  // Restore the caret after a toolbar edit re-rendered the text.
  useEffect(() => {
    const edit = pendingSelection.current;
    if (!edit || !textarea.current) return;
    pendingSelection.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    lastSelection.current = { start: edit.selectionStart, end: edit.selectionEnd };
  }, [fields.content]);

  const update = (patch: Partial<EditorFields>) => setFields((current) => ({ ...current, ...patch }));

  const applyEdit = (edit: TextEdit) => {
    pendingSelection.current = edit;
    update({ content: edit.text });
  };
  const rememberSelection = (area: HTMLTextAreaElement) => {
    lastSelection.current = { start: area.selectionStart, end: area.selectionEnd };
  };
  /** The live selection while the text area has focus, else the last one it had, else the end of the text. */
  const selection = () => {
    const area = textarea.current;
    const length = fields.content.length;
    if (area && area === document.activeElement) return { start: area.selectionStart, end: area.selectionEnd };
    const last = lastSelection.current ?? { start: length, end: length };
    return { start: Math.min(last.start, length), end: Math.min(last.end, length) };
  };
  const onToolbarAction = (action: MarkdownAction) => {
    const { start, end } = selection();
    applyEdit(applyMarkdownAction(fields.content, start, end, action));
  };
  const onContentKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = event.nativeEvent.isComposing ? undefined : shortcutAction(event);
    if (!action) return;
    event.preventDefault();
    onToolbarAction(action);
  };
  const insertImage = (name: string, objectPath: string) => {
    const { start, end } = selection();
    applyEdit(insertBlock(fields.content, start, end, imageMarkdown(name, objectPath)));
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Slug
          <Input
            ref={slugInput}
            type="text"
            value={fields.slug}
            onChange={(e) => update({ slug: e.target.value })}
            placeholder="post-url-slug"
            maxLength={200}
            aria-invalid={slugTaken ? true : undefined}
            aria-describedby={slugTaken ? 'slug-taken' : undefined}
          />
        </label>
        {slugTaken && (
          <div
            id="slug-taken"
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <span className="min-w-0 flex-1">
              Another post already has the address <code>/blog/{slugTaken.slug}</code>. Use a free one, or type another slug.
            </span>
            <button
              type="button"
              onClick={() => update({ slug: slugTaken.freeSlug })}
              className="min-h-11 rounded-md border border-red-300 bg-white px-3 font-semibold text-red-900 hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              Use {slugTaken.freeSlug}
            </button>
          </div>
        )}
      </div>
      <div className="grid gap-1 text-sm font-medium text-slate-800">
        <label htmlFor="post-tags">Tags</label>
        <TagInput id="post-tags" tags={fields.tags} onChange={(tags) => update({ tags })} />
      </div>
      <div className="grid gap-1 text-sm font-medium text-slate-800">
        <label htmlFor="cover-image">Cover Image (optional)</label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="cover-image"
            type="text"
            value={fields.featuredImage}
            onChange={(e) => update({ featuredImage: e.target.value })}
            placeholder="https://... or upload an image"
            maxLength={2048}
            className="min-w-0 flex-1"
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
              className="ml-auto inline-flex h-9 items-center gap-1 max-sm:h-11 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              <ImagePlus aria-hidden="true" className="h-4 w-4" />
            </ImageUploadButton>
          </EditorToolbar>
          <textarea
            id="post-content"
            ref={textarea}
            value={fields.content}
            onChange={(e) => update({ content: e.target.value })}
            onKeyDown={onContentKeyDown}
            onSelect={(e) => rememberSelection(e.currentTarget)}
            onBlur={(e) => rememberSelection(e.currentTarget)}
            placeholder="Write your post in markdown..."
            rows={22}
            aria-invalid={(contentMissing && !fields.content.trim()) || undefined}
            aria-describedby={contentMissing && !fields.content.trim() ? 'post-content-missing' : undefined}
            className="block w-full rounded-b-md border border-slate-300 px-3 py-2 font-mono text-sm leading-6 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
          />
          {contentMissing && !fields.content.trim() && (
            <span id="post-content-missing" className="mt-1 block text-sm font-medium text-red-800">
              Write the post here before saving it.
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
