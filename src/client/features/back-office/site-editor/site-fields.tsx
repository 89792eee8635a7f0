import { X } from 'lucide-react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { errorAt, errorSentence, joinList, parseList, type FieldErrors, type ListSeparator } from './site-form-model.ts';

/**
 * The fields of `/admin/site`. Each has a visible label, and an id made of its schema path, so an
 * error from zod or from the server (`Invalid profile.name: ...`) finds its field, shows beside it
 * (aria-describedby, aria-invalid) and takes the focus there.
 */
interface FieldErrorsValue {
  errors: FieldErrors;
  /** The author changed the field: its message goes. */
  clear: (path: string) => void;
}

export const FieldErrorsContext = createContext<FieldErrorsValue>({ errors: {}, clear: () => undefined });

/** The element id of the field at `path`. */
export const fieldId = (path: string) => `site-${path}`;

export const labelClass = 'text-sm font-medium text-slate-800';
export const hintClass = 'text-sm text-slate-700';

function useFieldError(path: string, nested = false) {
  const { errors, clear } = useContext(FieldErrorsContext);
  return { error: errorAt(errors, path, nested), clear };
}

/** The hint and the error under a field, and the attributes that tie them to it. */
function describedBy(path: string, hint: ReactNode, error: string | undefined) {
  const id = fieldId(path);
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

export function FieldNotes({ path, label, hint, error }: { path: string; label: string; hint?: ReactNode; error?: string }) {
  const id = fieldId(path);
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {errorSentence(label, error)}
        </p>
      )}
    </>
  );
}

interface TextFieldProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'url';
  className?: string;
}

export function TextField({ path, label, value, onChange, hint, multiline, required, className, ...rest }: TextFieldProps) {
  const { error, clear } = useFieldError(path);
  const common = {
    id: fieldId(path),
    value,
    'aria-required': required || undefined,
    ...describedBy(path, hint, error),
    className: cx(error && 'border-red-700'),
  };
  const change = (next: string) => {
    clear(path);
    onChange(next);
  };
  return (
    <div className={cx('grid content-start gap-1', className)}>
      <label htmlFor={common.id} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <Textarea
          {...common}
          rows={3}
          placeholder={rest.placeholder}
          maxLength={rest.maxLength}
          onChange={(event) => change(event.target.value)}
        />
      ) : (
        <Input {...common} type={rest.type ?? 'text'} {...rest} onChange={(event) => change(event.target.value)} />
      )}
      <FieldNotes path={path} label={label} hint={hint} error={error} />
    </div>
  );
}

export function SelectField<V extends string>(props: {
  path: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
}) {
  const { error, clear } = useFieldError(props.path);
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={fieldId(props.path)} className={labelClass}>
        {props.label}
      </label>
      <select
        id={fieldId(props.path)}
        value={props.value}
        {...describedBy(props.path, undefined, error)}
        onChange={(event) => {
          clear(props.path);
          props.onChange(event.target.value as V);
        }}
        className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-blue-700 focus:ring-2 focus:ring-blue-700/30 focus:outline-none"
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes path={props.path} label={props.label} error={error} />
    </div>
  );
}

/**
 * A list of words in one field: tags separated by commas, points a line each. The text is kept as
 * typed (a trailing comma, a blank line) and read into the list on every change; a list replaced
 * from outside (an import, a restore) replaces the text.
 */
export function WordListField(props: {
  path: string;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  separator: ListSeparator;
  hint?: ReactNode;
  placeholder?: string;
}) {
  const { path, label, value, separator } = props;
  const { error, clear } = useFieldError(path, true);
  const [text, setText] = useState(() => joinList(value, separator));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (joinList(parseList(text, separator), separator) !== joinList(value, separator)) setText(joinList(value, separator));
  }
  const change = (next: string) => {
    setText(next);
    const items = parseList(next, separator);
    setShown(items);
    clear(path);
    props.onChange(items);
  };
  const common = {
    id: fieldId(path),
    value: text,
    placeholder: props.placeholder,
    ...describedBy(path, props.hint, error),
    className: cx(error && 'border-red-700'),
  };
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={common.id} className={labelClass}>
        {label}
      </label>
      {separator === 'line' ? (
        <Textarea {...common} rows={Math.min(8, Math.max(3, value.length + 1))} onChange={(e) => change(e.target.value)} />
      ) : (
        <Input {...common} type="text" onChange={(e) => change(e.target.value)} />
      )}
      <FieldNotes path={path} label={label} hint={props.hint} error={error} />
    </div>
  );
}

/**
 * Words shown as chips, each with its own `Remove` (the categories' extra tags). The focus moves to
 * the next chip when one goes, and to `focusAfterLast` (an element id) when the last one does.
 */
export function RemovableWords(props: {
  label: string;
  words: string[];
  owner: string;
  onRemove: (word: string) => void;
  focusAfterLast: string;
}) {
  const words = [...new Set(props.words)];
  if (words.length === 0) return null;
  const remove = (word: string, button: HTMLButtonElement) => {
    const item = button.closest('li');
    const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('button');
    props.onRemove(word);
    (neighbour ?? document.getElementById(props.focusAfterLast))?.focus();
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span>{props.label}</span>
      <ul aria-label={`${props.label.replace(/:$/, '')} (${props.owner})`} className="flex flex-wrap gap-2">
        {words.map((word) => (
          <li key={word}>
            <button
              type="button"
              onClick={(event) => remove(word, event.currentTarget)}
              aria-label={`Remove tag ${word} from ${props.owner}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-blue-50 px-3 py-1 text-left text-xs font-semibold wrap-anywhere text-blue-800 hover:bg-blue-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              {word}
              <X aria-hidden="true" className="h-3 w-3 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
