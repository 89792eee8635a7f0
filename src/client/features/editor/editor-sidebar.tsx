import { Download, Eye } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { countWords, readTimeMinutes } from '../../../shared/text.ts';
import { cx } from '../../components/ui/class-names.ts';
import { Switch } from '../../components/ui/switch.tsx';
import { isScheduled, type EditorFields } from './editor-state.ts';

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';

export function EditorSidebar(props: {
  fields: EditorFields;
  update: (patch: Partial<EditorFields>) => void;
  saving: boolean;
  onSave: () => void;
  onPreview: () => void;
  importUrl: string;
  setImportUrl: (url: string) => void;
  importing: boolean;
  onImport: () => void;
  children?: ReactNode;
}) {
  const { fields } = props;
  return (
    <aside className="grid content-start gap-6">
      {/* On a phone or tablet this card is the save bar, fixed at the bottom of the screen: the publish
          switch and Save stay in view however long the post (issue 25). */}
      <section
        aria-labelledby="quick-actions"
        className={cx(
          card,
          'save-bar max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:rounded-none max-lg:border-x-0 max-lg:border-b-0 max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-4px_12px_rgb(15_23_42/0.08)]',
        )}
      >
        <h2 id="quick-actions" className="font-semibold text-slate-900 max-lg:sr-only">
          Quick Actions
        </h2>
        <div className="mt-4 grid gap-3 max-lg:mx-auto max-lg:mt-0 max-lg:max-w-6xl max-lg:grid-cols-2 max-lg:gap-2">
          <div className="max-lg:col-span-2">
            <Switch
              label="Publish immediately"
              checked={fields.published}
              onCheckedChange={(published) => props.update({ published })}
            />
          </div>
          <button
            type="button"
            onClick={props.onSave}
            disabled={props.saving}
            className="min-h-11 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {props.saving
              ? 'Saving...'
              : !fields.published
                ? 'Save Draft'
                : isScheduled(fields)
                  ? 'Schedule Post'
                  : 'Publish Post'}
          </button>
          <button
            type="button"
            onClick={props.onPreview}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
            Preview Post
          </button>
        </div>
      </section>

      {Children.toArray(props.children).length > 0 && (
        <section aria-label="This post" className={cx(card, 'grid gap-3')}>
          {props.children}
        </section>
      )}

      <section aria-labelledby="import-content" className={card}>
        <h2 id="import-content" className="font-semibold text-slate-900">
          Import Content
        </h2>
        <form
          className="mt-4 grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            props.onImport();
          }}
        >
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Article URL
            <input
              type="url"
              value={props.importUrl}
              onChange={(e) => props.setImportUrl(e.target.value)}
              placeholder="https://example.com/article"
              maxLength={2048}
              className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
            />
          </label>
          <button
            type="submit"
            disabled={props.importing}
            className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 disabled:opacity-70"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {props.importing ? 'Importing...' : 'Import Content'}
          </button>
        </form>
      </section>

      {fields.content.trim() !== '' && (
        <section aria-labelledby="post-stats" className={card}>
          <h2 id="post-stats" className="font-semibold text-slate-900">
            Post Statistics
          </h2>
          <dl className="mt-4 grid gap-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Words</dt>
              <dd className="font-semibold text-slate-900">{countWords(fields.content)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">Characters</dt>
              <dd className="font-semibold text-slate-900">{fields.content.length}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">Read time</dt>
              <dd className="font-semibold text-slate-900">{readTimeMinutes(fields.content)} min</dd>
            </div>
          </dl>
        </section>
      )}
    </aside>
  );
}
