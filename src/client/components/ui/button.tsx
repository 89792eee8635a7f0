import type { ComponentProps } from 'react';
import { NavLink } from '../../lib/navigation.tsx';
import { cx, focusRing } from './class-names.ts';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';
type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout only (margins, width, self-alignment): colours and padding come from the variant. */
  className?: string;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  // A destructive action repeated down a list: red words, not a row of red blocks.
  'danger-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-2.5',
  icon: 'p-2 max-sm:min-w-11',
};

/** The classes of a button, for elements that must look like one (a `mailto:` link, a Radix trigger). */
export function buttonClasses({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return cx(
    // 44 px tall on a phone, whatever the size (issue 25: a thumb's target).
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 max-sm:min-h-11',
    focusRing,
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant, size, className, type = 'button', ...props }: ComponentProps<'button'> & ButtonStyle) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

/** An in-app link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  className,
  href,
  ...props
}: Omit<ComponentProps<'a'>, 'href'> & ButtonStyle & { href: string }) {
  return <NavLink href={href} className={buttonClasses({ variant, size, className })} {...props} />;
}
