import { useQuery } from '@tanstack/react-query';
import { EXCERPT_GENERATE_LENGTH } from '../../../shared/constants.ts';
import { generateExcerpt } from '../../../shared/text.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { isoToLocalInput, localInputToIso, publishAtNote, timeZoneLabel, type EditorFields } from './editor-state.ts';
import { MarkdownPreview } from './markdown-preview.tsx';
import { newslettersQuery, sendingOf } from '../../lib/newsletter.ts';
import { sendingSummary } from '../../../shared/subscribers.ts';

const inputClass =
  'w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30';

/** The post as readers will see it, rendered by the same pipeline as the public page. */
export function PreviewPanel({ fields }: { fields: EditorFields }) {
  if (!fields.title.trim()) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">
        Start writing to see your post preview
      </p>
    );
  }
  return (
    <article className="rounded-lg border border-slate-200 p-6">
      <h2 className="text-3xl font-bold text-slate-900">{fields.title}</h2>
      {fields.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
          {fields.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold text-blue-800">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {fields.excerpt.trim() && <p className="mt-4 text-lg italic text-slate-700">{fields.excerpt}</p>}
      <div className="mt-6">
        {fields.content.trim() ? (
          <MarkdownPreview markdown={fields.content} />
        ) : (
          <p className="text-slate-600">No content yet. Switch to Write to add some.</p>
        )}
      </div>
    </article>
  );
}

export function SettingsPanel({
  fields,
  update,
  postId,
}: {
  fields: EditorFields;
  update: (patch: Partial<EditorFields>) => void;
  postId?: string;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <label htmlFor="post-excerpt" className="text-sm font-medium text-slate-800">
          Excerpt
        </label>
        <textarea
          id="post-excerpt"
          rows={4}
          value={fields.excerpt}
          onChange={(e) => update({ excerpt: e.target.value })}
          placeholder="A short summary shown on cards and in search results"
          maxLength={1000}
          className={inputClass}
        />
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span aria-live="polite">
            {fields.excerpt.length}/{EXCERPT_GENERATE_LENGTH}
          </span>
          <button
            type="button"
            onClick={() => update({ excerpt: generateExcerpt(fields.content) })}
            className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
          >
            Generate from content
          </button>
        </div>
      </div>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Author
        <input
          type="text"
          value={fields.author}
          onChange={(e) => update({ author: e.target.value })}
          placeholder="Shown under the title; empty: the profile's name"
          maxLength={100}
          className={inputClass}
        />
      </label>
      <PublishAtField fields={fields} update={update} />
      <SendToSubscribers fields={fields} update={update} postId={postId} />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">SEO</legend>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Meta Title
          <input
            type="text"
            value={fields.metaTitle}
            onChange={(e) => update({ metaTitle: e.target.value })}
            placeholder="Title shown in search results and browser tabs"
            maxLength={200}
            className={inputClass}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Meta Description
          <textarea
            rows={3}
            value={fields.metaDescription}
            onChange={(e) => update({ metaDescription: e.target.value })}
            placeholder="Description shown in search results and social cards"
            maxLength={500}
            className={inputClass}
          />
        </label>
      </fieldset>
    </div>
  );
}

/** When a published post goes out, in the author's wall-clock time with the zone beside it. */
function PublishAtField({ fields, update }: { fields: EditorFields; update: (patch: Partial<EditorFields>) => void }) {
  const now = new Date();
  const at = fields.publishAt ? new Date(fields.publishAt) : now;
  return (
    <div className="grid gap-1">
      <label htmlFor="post-publish-at" className="text-sm font-medium text-slate-800">
        Publish at
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id="post-publish-at"
          type="datetime-local"
          value={isoToLocalInput(fields.publishAt)}
          onChange={(e) => update({ publishAt: localInputToIso(e.target.value) })}
          min="2000-01-01T00:00"
          max="9999-12-31T23:59"
          aria-describedby="post-publish-at-zone post-publish-at-status"
          className="min-w-0 flex-1"
        />
        <span id="post-publish-at-zone" className="text-sm text-slate-700">
          {timeZoneLabel(at)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => update({ publishAt: '' })}
          disabled={!fields.publishAt}
          aria-label="Clear the publish time"
        >
          Clear
        </Button>
      </div>
      <p id="post-publish-at-status" aria-live="polite" className="text-sm text-slate-600">
        {publishAtNote(fields, now)}
      </p>
    </div>
  );
}

/**
 * `Send to subscribers` (DESIGN.md "the newsletter"), off by default, shown only where the site
 * sends e-mail. Once the post went out to them it says how far the sending came instead: a post
 * is sent once, whatever is saved after.
 */
function SendToSubscribers({
  fields,
  update,
  postId,
}: {
  fields: EditorFields;
  update: (patch: Partial<EditorFields>) => void;
  postId?: string;
}) {
  const { data } = useQuery(newslettersQuery());
  if (!data?.enabled) return null;
  const sending = sendingOf(data, postId);
  if (sending) {
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        Sent to subscribers: {sendingSummary(sending)}
      </p>
    );
  }
  return (
    <div className="grid gap-1">
      <Switch
        label="Send to subscribers"
        checked={fields.sendToSubscribers}
        onCheckedChange={(sendToSubscribers) => update({ sendToSubscribers })}
      />
      <p className="text-sm text-slate-700">
        E-mailed once to every confirmed subscriber when the post goes out (
        {fields.publishAt ? 'at its publish time' : 'as soon as it is published'}).
      </p>
    </div>
  );
}
