import { useId, useState } from 'react';
import { cx } from '../components/ui/class-names.ts';

/**
 * The required fields of a visitor's form, marked where they are when left empty (issue 25): the
 * field is `aria-invalid`, a line under it says what to write, and the focus moves to the first
 * one, besides SPEC.md's toast. `messages` names each required field with its line.
 */
export function useRequiredFields<Name extends string>(messages: Readonly<Record<Name, string>>, tone: 'light' | 'dark') {
  const prefix = useId();
  const [missing, setMissing] = useState<ReadonlySet<Name>>(new Set());
  const errorId = (name: Name) => `${prefix}-${name}-missing`;

  return {
    /** False, with the empty fields marked and the first focused, when one is empty. */
    check(form: HTMLFormElement, values: Readonly<Record<Name, string>>): boolean {
      const empty = (Object.keys(messages) as Name[]).filter((name) => !values[name].trim());
      setMissing(new Set(empty));
      const first = empty[0] && form.elements.namedItem(empty[0]);
      if (first instanceof HTMLElement) first.focus();
      return empty.length === 0;
    },
    /** The attributes of a required field: its mark, and typing in it takes the mark away. */
    field(name: Name) {
      const marked = missing.has(name);
      return {
        'aria-invalid': marked || undefined,
        'aria-describedby': marked ? errorId(name) : undefined,
        onInput: () => {
          if (!marked) return;
          setMissing((current) => new Set([...current].filter((other) => other !== name)));
        },
      };
    },
    /** The line under a field left empty, if it is. */
    error(name: Name) {
      if (!missing.has(name)) return null;
      return (
        <span
          id={errorId(name)}
          className={cx('text-sm font-medium', tone === 'dark' ? 'text-red-200 dark:text-red-800' : 'text-red-800')}
        >
          {messages[name]}
        </span>
      );
    },
  };
}
