import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cx, focusRing } from './class-names.ts';

/** Radix tabs (arrow keys move between tabs) with the look of the editor's tabs. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cx('inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cx(
        'inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-blue-800 data-[state=active]:shadow',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cx('mt-6', focusRing, 'focus-visible:ring-offset-4', className)} {...props} />;
}
