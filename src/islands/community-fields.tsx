import { useId } from 'react';
import { formatCount, pageWindow } from '../lib/community-format';

/**
 * Parts the forum and the registry share. Not an island on their own: the islands
 * (CarobForum, MotaRegistry) import them. The counted text field is in counted-field.tsx,
 * loaded only when a form is about to be used.
 */

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
                {formatCount(page)}
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
