import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bold, ChevronDown, Code, Heading2, Image, Italic, Link2, List, Quote } from 'lucide-react';
import type { ReactNode } from 'react';
import { SHORTCUT_KEYS, type ListStyle, type MarkdownAction } from './markdown-actions.ts';

const buttonClass =
  'inline-flex h-9 items-center justify-center max-sm:h-11 max-sm:min-w-11 gap-1 rounded-md px-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700';

const actions: Array<{ label: string; action: MarkdownAction; icon: ReactNode }> = [
  { label: 'Bold', action: { kind: 'bold' }, icon: <Bold aria-hidden="true" className="h-4 w-4" /> },
  { label: 'Italic', action: { kind: 'italic' }, icon: <Italic aria-hidden="true" className="h-4 w-4" /> },
  { label: 'Heading', action: { kind: 'heading' }, icon: <Heading2 aria-hidden="true" className="h-4 w-4" /> },
  { label: 'Link', action: { kind: 'link' }, icon: <Link2 aria-hidden="true" className="h-4 w-4" /> },
  { label: 'Image', action: { kind: 'image' }, icon: <Image aria-hidden="true" className="h-4 w-4" /> },
  { label: 'Inline Code', action: { kind: 'code' }, icon: <Code aria-hidden="true" className="h-4 w-4" /> },
  { label: 'Quote', action: { kind: 'quote' }, icon: <Quote aria-hidden="true" className="h-4 w-4" /> },
];

const listStyles: Array<{ label: string; style: ListStyle }> = [
  { label: 'Bullet list (-)', style: 'dash' },
  { label: 'Bullet list (*)', style: 'star' },
  { label: 'Bullet list (+)', style: 'plus' },
  { label: 'Numbered list', style: 'numbered' },
  { label: 'Letter list', style: 'letter' },
];

/** The formatting toolbar of SPEC.md section 2; `children` holds the upload button. */
export function EditorToolbar({ onAction, children }: { onAction: (action: MarkdownAction) => void; children?: ReactNode }) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1"
    >
      {actions.map((item) => {
        const key = SHORTCUT_KEYS[item.action.kind];
        return (
          <button
            key={item.label}
            type="button"
            title={key ? `${item.label} (Ctrl+${key} or ⌘${key})` : item.label}
            aria-label={item.label}
            aria-keyshortcuts={key && `Control+${key} Meta+${key}`}
            // Keep the text area's selection: the button must not take focus on mouse down.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onAction(item.action)}
            className={buttonClass}
          >
            {item.icon}
          </button>
        );
      })}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClass} aria-label="Lists">
          <List aria-hidden="true" className="h-4 w-4" />
          <ChevronDown aria-hidden="true" className="h-3 w-3" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            {listStyles.map((item) => (
              <DropdownMenu.Item
                key={item.style}
                onSelect={() => onAction({ kind: 'list', style: item.style })}
                className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900"
              >
                {item.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {children}
    </div>
  );
}
