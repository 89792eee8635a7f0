import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { addTag } from './editor-state.ts';

/** Enter or comma adds the trimmed text unless empty or a duplicate; clicking a tag removes it. */
export function TagInput({ tags, onChange, id }: { tags: string[]; onChange: (tags: string[]) => void; id: string }) {
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ',') return;
    event.preventDefault();
    onChange(addTag(tags, text));
    setText('');
  };
  return (
    <div>
      <input
        id={id}
        type="text"
        value={text}
        onChange={(event) => setText(event.target.value.replace(/,/g, ''))}
        onKeyDown={onKeyDown}
        placeholder="Add a tag and press Enter"
        maxLength={60}
        className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
      />
      {tags.length > 0 && (
        <ul aria-label="Added tags" className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold text-blue-800 hover:bg-blue-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
              >
                {tag}
                <X aria-hidden="true" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
