import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { SITE_LIMITS } from '../../../../shared/site.ts';
import { applyListOp, errorAt, errorSentence, type ListOp } from './site-form-model.ts';
import { FieldErrorsContext, fieldId, hintClass } from './site-fields.tsx';

type ItemUpdate<T> = Partial<T> | ((item: T) => T);

interface ListEditorProps<T extends object> {
  /** The list's schema path: `profile.socialLinks`. */
  path: string;
  /** The list's heading: `Social links`. */
  title: string;
  /** One item, in lower case: `Add social link`, `Social link 4`. */
  noun: string;
  items: T[];
  max?: number;
  create: () => T;
  /** The item's own name in its legend and buttons (`LinkedIn`); empty falls back to `<Noun> <n>`. */
  name: (item: T) => string;
  /** `op` says what moved, for a list kept beside this one; edits of an item come without one. */
  onChange: (update: (items: T[]) => T[], op?: ListOp) => void;
  renderItem: (item: T, index: number, update: (change: ItemUpdate<T>) => void) => ReactNode;
  hint?: ReactNode;
}

type Control = 'up' | 'down' | 'remove' | 'add' | 'first-field';

let lastKey = 0;
const newKey = () => `item-${++lastKey}`;

/**
 * A list the author grows, shrinks and orders: `Add <thing>`, and on each item `Move up`,
 * `Move down` and `Remove`, real buttons named after the item (`Move up: LinkedIn`), so ordering
 * works from the keyboard. The focus stays with the moved item's button, moves to the next item's
 * `Remove` when one goes, and to the first field of a new item.
 */
export function ListEditor<T extends object>(props: ListEditorProps<T>) {
  const { path, title, noun, items } = props;
  const max = props.max ?? SITE_LIMITS.list;
  const id = fieldId(path);
  const { errors } = useContext(FieldErrorsContext);
  const error = errorAt(errors, path);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  // Stable keys, so React moves an item's fields with it rather than relabelling them in place.
  const [keys, setKeys] = useState<string[]>(() => items.map(newKey));
  let shownKeys = keys;
  if (keys.length !== items.length) {
    // The list was replaced from outside (an import, a restore): keep what is still there.
    shownKeys = keys.length > items.length ? keys.slice(0, items.length) : [...keys, ...items.slice(keys.length).map(newKey)];
    setKeys(shownKeys);
  }

  const pendingFocus = useRef<{ index: number; control: Control } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const itemId = fieldId(`${path}.${pending.index}`);
    if (pending.control === 'add') {
      document.getElementById(`${id}-add`)?.focus();
    } else if (pending.control === 'first-field') {
      document.getElementById(itemId)?.querySelector<HTMLElement>('input, textarea, select')?.focus();
    } else {
      document.getElementById(`${itemId}-${pending.control}`)?.focus();
    }
  });

  const act = (op: ListOp, focus: { index: number; control: Control }) => {
    setKeys((current) => applyListOp(current, op, newKey));
    props.onChange((current) => applyListOp(current, op, props.create), op);
    pendingFocus.current = focus;
  };
  const last = items.length - 1;
  const move = (from: number, to: number) =>
    // A button that the move disables (first `Move up`, last `Move down`) hands the focus to its pair.
    act({ type: 'move', from, to }, { index: to, control: to < from ? (to === 0 ? 'down' : 'up') : to === last ? 'up' : 'down' });
  const remove = (index: number) =>
    act(
      { type: 'remove', index },
      last === 0 ? { index: 0, control: 'add' } : { index: index === last ? index - 1 : index, control: 'remove' },
    );
  const update = (index: number) => (change: ItemUpdate<T>) =>
    props.onChange((current) =>
      current.map((item, position) =>
        position !== index ? item : typeof change === 'function' ? change(item) : { ...item, ...change },
      ),
    );

  return (
    <div className="grid gap-3">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </h3>
      {props.hint && <p className={hintClass}>{props.hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {errorSentence(title, error)}
        </p>
      )}
      {items.length === 0 ? (
        <p id={id} tabIndex={-1} className="text-sm text-slate-700 focus:outline-none">
          None yet.
        </p>
      ) : (
        <ol
          id={id}
          tabIndex={-1}
          aria-labelledby={`${id}-title`}
          aria-describedby={error ? `${id}-error` : undefined}
          className="grid gap-3 focus:outline-none"
        >
          {items.map((item, index) => {
            const itemId = fieldId(`${path}.${index}`);
            const name = props.name(item).trim() || `${Noun} ${index + 1}`;
            return (
              <li key={shownKeys[index]}>
                <fieldset
                  id={itemId}
                  tabIndex={-1}
                  className={cx(
                    'grid min-w-0 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4',
                    'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700',
                  )}
                >
                  <legend className="float-left w-full text-sm font-semibold wrap-anywhere text-slate-900">{name}</legend>
                  {props.renderItem(item, index, update(index))}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      id={`${itemId}-up`}
                      variant="secondary"
                      size="sm"
                      aria-label={`Move up: ${name}`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" className="h-4 w-4" />
                      Move up
                    </Button>
                    <Button
                      id={`${itemId}-down`}
                      variant="secondary"
                      size="sm"
                      aria-label={`Move down: ${name}`}
                      disabled={index === last}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="h-4 w-4" />
                      Move down
                    </Button>
                    <Button
                      id={`${itemId}-remove`}
                      variant="danger-outline"
                      size="sm"
                      aria-label={`Remove: ${name}`}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      Remove
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          id={`${id}-add`}
          variant="secondary"
          size="sm"
          disabled={items.length >= max}
          aria-describedby={items.length >= max ? `${id}-cap` : undefined}
          onClick={() => act({ type: 'add' }, { index: items.length, control: 'first-field' })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add {noun}
        </Button>
        {items.length >= max && (
          <p id={`${id}-cap`} className={hintClass}>
            {max} is the most this list holds.
          </p>
        )}
      </div>
    </div>
  );
}
