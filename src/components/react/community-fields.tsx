import { useId, type KeyboardEvent } from 'react';
import { formatCount } from '../../lib/community/format';
import { pageWindow } from '../../lib/community/paging';
import type { ListState } from './use-paged-list';

/**
 * Parts the forum and the registry share. Not an island on their own: the islands
 * (CarobForum, MotaRegistry) import them. The counted text field is in counted-field.tsx,
 * loaded only when a form is about to be used.
 */

/**
 * The forms' keydown: Enter held down in a one-line field sends the form once. Each repeat of
 * the key would send it again, and find it emptied by the post it had just sent: its "write
 * something" error would take the thanks' place. In a text area Enter is a new line, repeats
 * and all.
 */
export function sendOncePerEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && event.repeat && !(event.target instanceof HTMLTextAreaElement)) event.preventDefault();
}

/**
 * A field people never see or reach but form-filling robots do. Anything typed into it marks
 * the submission as automated; the islands then quietly send nothing.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden"
      data-honeypot
    >
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
  /** The navigation's name, and the words on its previous and next buttons. */
  labels: { pages: string; previous: string; next: string };
}

/** Previous / numbered / next buttons. */
export function Pager({ current, count, onChange, labels }: PagerProps) {
  if (count <= 1) return null;
  const button =
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border px-3 font-sans text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={labels.pages} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${button} border-ink`}
            disabled={current <= 1}
            onClick={() => onChange(current - 1)}
          >
            <span aria-hidden="true">←</span> {labels.previous}
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
            disabled={current >= count}
            onClick={() => onChange(current + 1)}
          >
            {labels.next} <span aria-hidden="true">→</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

interface ListStatusProps<T> {
  list: ListState<T>;
  /** Said while the page loads, when the list could not be reached (above Try again), when it is empty. */
  words: { loading: string; unreachable: string; empty: string };
  /** The loading line's box: the forum's sits in open space, the registry's where the table goes. */
  loadingClassName: string;
  onRetry: () => void;
}

/** What a list shows instead of its rows: loading, unreachable (with Try again), or empty. */
export function ListStatus<T>({ list, words, loadingClassName, onRetry }: ListStatusProps<T>) {
  if (list.status === 'loading') {
    return (
      <p role="status" className={`text-center text-muted ${loadingClassName}`} data-state="loading">
        <span aria-hidden="true" className="mr-2 inline-block animate-pulse">
          ●
        </span>
        {words.loading}
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="rounded-2xl border border-dashed border-line px-6 py-10 text-center" data-state="error">
        <p>{words.unreachable}</p>
        <button type="button" className="btn btn-secondary mt-4" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p
      className="rounded-2xl border border-dashed border-line px-6 py-12 text-center font-display text-step-1 italic"
      data-state="empty"
    >
      {words.empty}
    </p>
  );
}
