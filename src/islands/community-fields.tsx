import { useId, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { characterCount } from '../lib/community';
import { clampChars, pageWindow } from '../lib/community-format';

/**
 * Form parts the forum and the registry share. Not an island on their own: the islands
 * (CarobForum, MotaRegistry) import them.
 */

interface CountedFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The database's limit in characters; the field refuses more and counts down to it. */
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
  /** For focusing the textarea from outside (a dialog's first field). */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}

/** A labelled input or textarea with a visible character counter at the database limit. */
export function CountedField({
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
  textareaRef,
}: CountedFieldProps) {
  const id = useId();
  const count = characterCount(value);
  const left = max - count;
  const near = left <= Math.max(10, Math.round(max * 0.1));
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(clampChars(event.target.value, max));
  const shared = {
    id,
    name,
    value,
    onChange: change,
    placeholder,
    required,
    disabled,
    autoComplete,
    'aria-describedby': `${id}-count${hint ? ` ${id}-hint` : ''}`,
    className: 'field mt-1.5',
  };
  return (
    <div data-field={name}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-sans text-sm font-semibold">
          {label}
          {required && (
            <span className="text-accent" aria-hidden="true">
              {' '}*
            </span>
          )}
          {optional && <span className="font-normal text-muted"> (optional)</span>}
        </label>
        <span
          id={`${id}-count`}
          data-counter
          className={`font-sans text-xs whitespace-nowrap tabular-nums ${left === 0 ? 'font-semibold text-danger' : near ? 'text-accent' : 'text-muted'}`}
        >
          {count.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')}
          <span className="sr-only"> characters used</span>
        </span>
      </div>
      {multiline ? <textarea ref={textareaRef} rows={rows} {...shared} /> : <input type="text" {...shared} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 font-sans text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A field people never see or reach but form-filling robots do. Anything typed into it marks
 * the submission as automated; the islands then quietly send nothing.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden" data-honeypot>
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

interface PagerProps {
  /** Page numbers as the visitor reads them (1 = first shown in reading order). */
  current: number;
  count: number;
  onChange: (page: number) => void;
  label: string;
  previousLabel: string;
  nextLabel: string;
  disabled?: boolean;
}

/** Previous / numbered / next buttons. */
export function Pager({ current, count, onChange, label, previousLabel, nextLabel, disabled }: PagerProps) {
  if (count <= 1) return null;
  const button =
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border px-3 font-sans text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${button} border-ink`}
            disabled={disabled || current <= 1}
            onClick={() => onChange(current - 1)}
          >
            <span aria-hidden="true">←</span> {previousLabel}
          </button>
        </li>
        {pageWindow(current, count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={page}>
              <button
                type="button"
                className={`${button} ${page === current ? 'border-ink bg-ink text-paper' : 'border-line hover:border-ink'}`}
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Page ${page}`}
                disabled={disabled && page !== current}
                onClick={() => page !== current && onChange(page)}
              >
                {page.toLocaleString('en-GB')}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${button} border-ink`}
            disabled={disabled || current >= count}
            onClick={() => onChange(current + 1)}
          >
            {nextLabel} <span aria-hidden="true">→</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
