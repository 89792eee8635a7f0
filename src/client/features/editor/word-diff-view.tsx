import { useMemo } from 'react';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { changed, collapseUnchanged, wordDiff } from './word-diff.ts';

/**
 * A word-level comparison of two texts. Changes are marked by the elements themselves (`<del>`
 * struck through, `<ins>` underlined) and a legend in words, not by colour alone.
 */
export default function WordDiffView(props: {
  /** Names the comparison for assistive technology: "Content: yours compared with the server's". */
  label: string;
  from: string;
  to: string;
  /** What the legend calls the words of each side: "only in yours", "only in this version". */
  removedMeans: string;
  addedMeans: string;
}) {
  const { from, to } = props;
  const segments = useMemo(() => wordDiff(from, to), [from, to]);
  if (!segments) {
    return <p className="text-sm text-slate-700">{props.label}: too many changes to compare word by word.</p>;
  }
  if (!changed(segments)) return <p className="text-sm text-slate-700">{props.label}: no differences.</p>;
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{props.label}</span>:{' '}
        <del className="rounded-sm bg-red-50 px-0.5 text-red-900 decoration-2">struck through</del> {props.removedMeans},{' '}
        <ins className="rounded-sm bg-green-50 px-0.5 text-green-900 decoration-2">underlined</ins> {props.addedMeans}.
      </figcaption>
      {/* Focusable so a keyboard can scroll a long comparison. */}
      <div
        tabIndex={0}
        className={cx(
          'max-h-96 overflow-auto rounded-md border border-slate-200 bg-white p-3 font-mono text-sm leading-6 wrap-anywhere whitespace-pre-wrap text-slate-800',
          focusRing,
        )}
      >
        {collapseUnchanged(segments).map((part, index) =>
          part.kind === 'skipped' ? (
            <span key={index} className="block py-1 text-center font-sans text-xs text-slate-600">
              [{part.words} unchanged {part.words === 1 ? 'word' : 'words'}]
            </span>
          ) : part.kind === 'added' ? (
            <ins key={index} className="rounded-sm bg-green-50 px-0.5 text-green-900 decoration-2">
              {part.text}
            </ins>
          ) : part.kind === 'removed' ? (
            <del key={index} className="rounded-sm bg-red-50 px-0.5 text-red-900 decoration-2">
              {part.text}
            </del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </div>
    </figure>
  );
}
