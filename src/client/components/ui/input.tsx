import type { ComponentProps } from 'react';
import { cx } from './class-names.ts';

/** Text fields show focus with their border and a soft ring, the same in every form. */
const fieldClasses =
  'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30 disabled:opacity-60';

/** `className` adds layout (width, padding for an inner icon); the look is the field's own. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cx(fieldClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx(fieldClasses, className)} {...props} />;
}
