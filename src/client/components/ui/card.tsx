import type { HTMLAttributes } from 'react';
import { cx } from './class-names.ts';

const paddings = { none: '', md: 'p-5', lg: 'p-8' } as const;

function cardClasses({ padding = 'md', className }: { padding?: keyof typeof paddings; className?: string } = {}) {
  return cx('rounded-xl border border-slate-200 bg-white shadow-sm', paddings[padding], className);
}

/** A white panel with a border; `as` keeps the right landmark or grouping element. */
export function Card({
  as: Element = 'div',
  padding,
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article'; padding?: keyof typeof paddings }) {
  return <Element className={cardClasses({ padding, className })} {...props} />;
}
