import { useId, type ComponentProps } from 'react';
import { cx } from './class-names.ts';

/**
 * A table in its own scrolling box: on a phone a wide table scrolls inside the box, never the page.
 * The table is named by its (visually hidden) caption, and so is the box: a region that takes
 * focus, so a keyboard can scroll it too.
 */
export function Table({ label, className, children, ...props }: ComponentProps<'table'> & { label: string }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      // `relative` keeps absolutely placed content (an `sr-only` header) inside the box: otherwise
      // it is placed against the page and widens it, the box's scrolling notwithstanding.
      className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
    >
      <table className={cx('w-full border-collapse text-left text-sm', className)} {...props}>
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cx('border-b border-slate-200 bg-slate-50 text-slate-700', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cx('divide-y divide-slate-200', className)} {...props} />;
}

export function Tr(props: ComponentProps<'tr'>) {
  return <tr {...props} />;
}

export function Th({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cx('px-4 py-3 font-semibold', className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cx('px-4 py-3 align-middle text-slate-800', className)} {...props} />;
}
