import { lazy, Suspense } from 'react';
import type { Post } from '../../../shared/posts.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatLocalDateTime, type EditorFields } from './editor-state.ts';

// The diff library loads only when there is something to compare.
const WordDiffView = lazy(() => import('./word-diff-view.tsx'));

/**
 * The save was refused because the post was saved elsewhere (another tab, another device). The
 * author's text stays in the editor; this panel compares it with the server's and lets them choose.
 */
export function ConflictPanel(props: {
  fields: EditorFields;
  current: Post;
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { fields, current } = props;
  const comparison = { removedMeans: 'only in the version saved elsewhere', addedMeans: 'only in yours' };
  return (
    <section
      aria-labelledby="conflict-heading"
      className="mt-6 grid gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div role="alert">
        <h2 id="conflict-heading" className="text-lg font-semibold">
          This post was changed elsewhere
        </h2>
        <p className="mt-1 text-sm">
          It was saved at {formatLocalDateTime(current.updatedAt)}, after you opened it, so your save was not applied. Your text
          is still here. Keep mine saves it over the other version; Take theirs loads the other version, and your text stays on
          the server as a version you can find in History, marked “Not saved: changed elsewhere”.
        </p>
      </div>
      <Suspense fallback={<p className="text-sm">Comparing...</p>}>
        {fields.title.trim() !== current.title && (
          <WordDiffView label="Title" from={current.title} to={fields.title.trim()} {...comparison} />
        )}
        <WordDiffView label="Content" from={current.content} to={fields.content} {...comparison} />
      </Suspense>
      <div className="flex flex-wrap gap-2">
        <Button onClick={props.onKeepMine} disabled={props.saving}>
          Keep mine
        </Button>
        <Button variant="secondary" onClick={props.onTakeTheirs} disabled={props.saving}>
          Take theirs
        </Button>
      </div>
    </section>
  );
}
