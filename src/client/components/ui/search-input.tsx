import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from './class-names.ts';
import { Input } from './input.tsx';

/**
 * A search box: the field with a magnifier inside it, named by `label` (read by screen readers,
 * not shown; the placeholder says it to everyone else). `className` places the whole box in its
 * form (a width, `flex-1`); the other props are the input's.
 */
export function SearchInput({ label, className, ...props }: { label: string } & Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <label className={cx('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
      />
      <Input type="search" className="pl-9" {...props} />
    </label>
  );
}
