import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Revision } from '../../../shared/revisions.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { revisionQuery, revisionsQuery } from './api.ts';
import { fieldsFromPost, formatLocalDateTime, type EditorFields } from './editor-state.ts';
import WordDiffView from './word-diff-view.tsx';

/**
 * The History tab (DESIGN.md "revisions"): every save of the post, newest first; one selected is
 * compared word by word with the text being edited and can be restored into the editor (saving
 * then makes a new revision, as any save does). Loaded on demand with the diff library.
 */
export default function HistoryPanel(props: { postId: string; fields: EditorFields; onRestore: (fields: EditorFields) => void }) {
  const { postId, fields } = props;
  const [selectedId, setSelectedId] = useState<string>();
  const revisions = useQuery(revisionsQuery(postId));
  const selected = useQuery(revisionQuery(postId, selectedId));

  if (revisions.isPending) return <Spinner label="Loading history..." />;
  if (revisions.isError) return <p className="text-slate-700">The history of this post could not be loaded.</p>;
  if (revisions.data.length === 0) return <p className="text-slate-700">No saved versions yet.</p>;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          History
        </h2>
        <p className="text-sm text-slate-700">Every save of this post, newest first. Select one to compare it with your text.</p>
        <ol aria-label="Saved versions" className="mt-3 grid max-h-96 gap-2 overflow-auto p-1">
          {revisions.data.map((revision) => (
            <li key={revision.id}>
              <button
                type="button"
                aria-pressed={revision.id === selectedId}
                onClick={() => setSelectedId(revision.id)}
                className={cx(
                  'grid w-full gap-1 rounded-md border px-3 py-2 text-left text-sm hover:bg-slate-50',
                  revision.id === selectedId ? 'border-blue-700 bg-blue-50' : 'border-slate-200 bg-white',
                  focusRing,
                )}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <time dateTime={revision.savedAt} className="font-semibold text-slate-900">
                    {formatLocalDateTime(revision.savedAt)}
                  </time>
                  <Badge tone={revision.published ? 'green' : 'neutral'}>{revision.published ? 'Published' : 'Draft'}</Badge>
                  {revision.refused && <Badge tone="amber">Not saved: changed elsewhere</Badge>}
                </span>
                <span className="text-slate-800">
                  {revision.title} · {revision.words} {revision.words === 1 ? 'word' : 'words'}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </section>

      {selectedId !== undefined && (
        <section aria-labelledby="revision-heading" className="grid gap-4 rounded-lg border border-slate-200 p-4">
          {selected.isPending ? (
            <Spinner label="Loading version..." />
          ) : selected.isError ? (
            <p className="text-slate-700">This version could not be loaded.</p>
          ) : (
            <>
              <h3 id="revision-heading" className="font-semibold text-slate-900">
                Version saved {formatLocalDateTime(selected.data.savedAt)}
              </h3>
              <RevisionComparison revision={selected.data} fields={fields} />
              <Button className="justify-self-start" onClick={() => props.onRestore(fieldsFromPost(selected.data))}>
                Restore this version
              </Button>
            </>
          )}
        </section>
      )}
    </div>
  );
}

function RevisionComparison({ revision, fields }: { revision: Revision; fields: EditorFields }) {
  const legend = { removedMeans: 'only in your text', addedMeans: 'only in this version' };
  return (
    <>
      {revision.title !== fields.title.trim() && (
        <WordDiffView label="Title" from={fields.title.trim()} to={revision.title} {...legend} />
      )}
      <WordDiffView label="Content" from={fields.content} to={revision.content} {...legend} />
    </>
  );
}
