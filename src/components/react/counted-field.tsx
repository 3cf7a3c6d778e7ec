import { Description, Field, Input, Label, Textarea } from '@headlessui/react';
import { useLayoutEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { formatCount } from '../../lib/community/format';

/**
 * The forum's and the registry's text field: Headless UI's Field ties the label, the counter
 * and the hint to the input (for, aria-labelledby, aria-describedby). Loaded on demand:
 * `lazyCountedField` in ./lazy-counted-field.tsx.
 */

export interface CountedFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * The database's limit in characters. The field refuses more as a browser does (`maxlength`):
   * a key pressed at the limit puts nothing in and takes nothing out, a paste keeps what fits.
   * Both it and the counter count UTF-16 units, as the browser does, so an emoji counts two; the
   * database counts it one, so what the field holds always fits.
   */
  max: number;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  optional?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  name: string;
  autoComplete?: string;
  disabled?: boolean;
  /**
   * Focused when its dialog opens, by the dialog (Headless UI's data-autofocus), not by React at
   * mount: on a phone the dialog focuses itself instead, so the keyboard does not rise over it,
   * and a field React had focused first would be focused, laid out and left again.
   */
  autoFocus?: boolean;
  /** Refused as it is (left blank where it is required): marked for assistive technology until changed. */
  invalid?: boolean;
  /**
   * Why it was refused, read with the field while it is marked invalid. Said only to assistive
   * technology: the page shows the reason in its own place (a toast, the dialog's alert).
   */
  errorMessage?: string;
}

/** A labelled input or textarea with a visible character counter at the database limit. */
export default function CountedField({
  label,
  value,
  onChange,
  max,
  multiline = false,
  rows = 4,
  required = false,
  optional = false,
  placeholder,
  hint,
  name,
  autoComplete = 'off',
  disabled,
  autoFocus,
  invalid = false,
  errorMessage,
}: CountedFieldProps) {
  const count = value.length;
  const left = max - count;
  const near = left <= Math.max(10, Math.round(max * 0.1));
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // Where the field's HTML came from the server and its code arrived later, anything the visitor
  // typed meanwhile is in the element, not yet in the state: keep it.
  useLayoutEffect(() => {
    const typed = control.current?.value;
    if (typed && typed !== value) onChange(typed);
    // Once, on mount: afterwards the element follows the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shared = {
    ref: control,
    name,
    value,
    onChange: change,
    maxLength: max,
    placeholder,
    required,
    autoComplete,
    'data-autofocus': autoFocus || undefined,
    invalid,
    className: 'field mt-1.5',
  };
  return (
    <Field data-field={name} disabled={disabled}>
      <div className="flex items-baseline justify-between gap-3">
        <Label className="font-sans text-sm font-semibold">
          {label}
          {required && (
            <span className="text-accent" aria-hidden="true">
              {' '}
              *
            </span>
          )}
          {optional && <span className="font-normal text-muted"> (optional)</span>}
        </Label>
        <Description
          as="span"
          data-counter
          className={`font-sans text-xs whitespace-nowrap tabular-nums ${left === 0 ? 'font-semibold text-danger' : near ? 'text-accent' : 'text-muted'}`}
        >
          {formatCount(count)} / {formatCount(max)}
          <span className="sr-only"> characters used</span>
        </Description>
      </div>
      {multiline ? <Textarea rows={rows} {...shared} /> : <Input type="text" {...shared} />}
      {hint && <Description className="mt-1 font-sans text-xs text-muted">{hint}</Description>}
      {invalid && errorMessage && (
        <Description className="sr-only" data-field-error>
          {errorMessage}
        </Description>
      )}
    </Field>
  );
}
