import type { ReactNode } from 'react';
import { HONEYPOT_FIELD } from '../../shared/form-outcome.ts';
import { cx } from './ui/class-names.ts';

/**
 * The honeypot of the visitor forms (comment, contact, subscribe): off screen and out of the tab
 * order, so only bots fill it in; the server drops what comes with it filled.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** Label colours on the page's ground, and on the footer's dark band (in both colour schemes). */
export const LABEL_TONE = { light: 'text-slate-800', dark: 'text-slate-200 dark:text-slate-800' } as const;

/**
 * A visitor form's field: its visible label around the control, and under it the line that says a
 * required field was left empty (`useRequiredFields().error`), if it was.
 */
export function FormField({
  label,
  tone,
  error,
  children,
}: {
  label: string;
  tone: keyof typeof LABEL_TONE;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1">
      <label className={cx('grid gap-1 text-sm font-medium', LABEL_TONE[tone])}>
        <span>{label}</span>
        {children}
      </label>
      {error}
    </div>
  );
}
