import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';

/** A labelled on/off switch. */
export function Switch({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {/* The button is a 44 x 44 px target (issue 25); the track drawn inside it is the usual size. */}
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="group -my-2.5 inline-flex h-11 w-12 shrink-0 items-center justify-center focus:outline-none"
      >
        <span className="relative inline-flex h-6 w-11 items-center rounded-full bg-slate-400 transition-colors group-focus-visible:ring-2 group-focus-visible:ring-blue-700 group-focus-visible:ring-offset-2 group-data-[state=checked]:bg-blue-700">
          <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </span>
      </SwitchPrimitive.Root>
    </div>
  );
}
