import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  IDEAS_PER_PAGE,
  LIMITS,
  addIdea,
  matchingIdeaBatches,
  describeFailure,
  listIdeas,
  messages,
  randomIdea,
  validateIdea,
  type Idea,
  type Page,
} from '../lib/community';
import { displayName, formatShortDate, randomIdeaMessage } from '../lib/community-format';
import { CSV_FILENAME, CSV_MIME, buildIdeasCsv } from '../lib/csv';
import { TOAST_LONG_MS, showToast } from '../lib/toast';
import { CountedField, Honeypot, Pager } from './community-fields';

/**
 * The M.O.T.A. Open Registry (spec §2, §4, §5, §7, §8): the filter, the table (newest first,
 * filtered and paged in the database), the Submit New Idea dialog, Random Idea and Export CSV.
 *
 * The dialog is the native <dialog> like the site's static ones (focus trap, Escape, light
 * dismiss, focus return from the browser): Headless UI's Dialog would add about 15 KB gzip
 * and take the page past its JavaScript budget. Errors are also shown inside the dialog,
 * because a modal dialog sits above the toast area.
 */

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Page<Idea> };

const EMPTY = 'No ideas match your filter, or the registry is awaiting its first spark!';
const COLUMNS = ['Issue/Problem', 'Mitigation/Proposed Solution', 'Proposed By', 'Notes/Comments'] as const;
const FILTER_DELAY_MS = 250;
const VISITOR_TEXT = 'whitespace-pre-line wrap-anywhere';

interface Draft {
  issue: string;
  mitigation: string;
  proposedBy: string;
  notes: string;
}
const EMPTY_DRAFT: Draft = { issue: '', mitigation: '', proposedBy: '', notes: '' };

export default function MotaRegistry() {
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [reloadCount, setReloadCount] = useState(0);
  const latestLoad = useRef(0);

  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const issueField = useRef<HTMLTextAreaElement>(null);

  const [exporting, setExporting] = useState(false);
  const [picking, setPicking] = useState(false);
  const tableTop = useRef<HTMLDivElement>(null);

  // The filter runs in the database a moment after typing stops.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setApplied(filter);
      setPage(1);
    }, FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [filter]);

  const load = useCallback(async (filterText: string, pageNumber: number) => {
    const ticket = ++latestLoad.current;
    setList({ status: 'loading' });
    try {
      const result = await listIdeas({ filter: filterText, page: pageNumber, pageSize: IDEAS_PER_PAGE });
      if (ticket === latestLoad.current) setList({ status: 'ready', page: result });
    } catch (error) {
      if (ticket !== latestLoad.current) return;
      setList({ status: 'error' });
      const failure = describeFailure('fetchIdeas', error);
      showToast(failure.title, failure.description);
    }
  }, []);

  useEffect(() => {
    void load(applied, page);
  }, [load, applied, page, reloadCount]);

  const reload = () => setReloadCount((n) => n + 1);

  const openDialog = () => {
    setDialogError(null);
    if (!dialog.current?.open) dialog.current?.showModal();
    issueField.current?.focus();
  };
  const closeDialog = () => dialog.current?.close();

  const update = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const refusal = validateIdea(draft);
    if (refusal) {
      setDialogError(refusal.description ?? refusal.title);
      showToast(refusal.title, refusal.description);
      return;
    }
    if (trap) {
      // Only a robot fills the hidden field: it hears success, nothing is sent.
      setDraft(EMPTY_DRAFT);
      setTrap('');
      closeDialog();
      showToast(messages.ideaSubmitted.title, messages.ideaSubmitted.description, { variant: 'normal' });
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setDialogError(null);
    try {
      await addIdea(draft);
      setDraft(EMPTY_DRAFT);
      closeDialog();
      showToast(messages.ideaSubmitted.title, messages.ideaSubmitted.description, { variant: 'normal' });
      // Newest first: the new idea leads page 1 (if it matches the filter in use).
      if (page === 1) reload();
      else setPage(1);
    } catch (error) {
      const failure = describeFailure('submitIdea', error);
      setDialogError(failure.description ?? failure.title);
      showToast(failure.title, failure.description);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const showRandomIdea = async () => {
    if (picking) return;
    setPicking(true);
    try {
      const idea = await randomIdea();
      if (idea) {
        const { title, description } = randomIdeaMessage(idea);
        showToast(title, description, { variant: 'normal', duration: TOAST_LONG_MS });
      } else {
        showToast('No ideas yet', 'The registry is awaiting its first spark!', { variant: 'normal' });
      }
    } catch (error) {
      const failure = describeFailure('fetchIdeas', error);
      showToast(failure.title, failure.description);
    } finally {
      setPicking(false);
    }
  };

  const exportCsv = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      // What the box says now, even if the table has not caught up with the last keystroke.
      // The file is built one batch at a time as the batches arrive, so even 100,000 ideas
      // never hold the page up for long: each part is the builder's output for that batch
      // without the BOM and header row the first part already has.
      const head = buildIdeasCsv([]);
      const parts = [head];
      for await (const batch of matchingIdeaBatches(filter)) parts.push(buildIdeasCsv(batch).slice(head.length));
      if (parts.length === 1) {
        showToast(messages.noDataToExport.title);
        return;
      }
      const url = URL.createObjectURL(new Blob(parts, { type: CSV_MIME }));
      const link = document.createElement('a');
      link.href = url;
      link.download = CSV_FILENAME;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast(messages.exported.title, undefined, { variant: 'normal' });
    } catch (error) {
      const failure = describeFailure('fetchIdeas', error);
      showToast(failure.title, failure.description);
    } finally {
      setExporting(false);
    }
  };

  const goTo = (pageNumber: number) => {
    setPage(pageNumber);
    tableTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div>
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-parchment p-4 sm:p-5 lg:flex-row lg:items-end">
        <div role="search" className="min-w-0 flex-1">
          <label htmlFor="mota-filter" className="font-sans text-sm font-semibold">
            Filter the registry
          </label>
          <input
            id="mota-filter"
            type="search"
            className="field mt-1.5"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="A word from an issue, a solution or a name"
            autoComplete="off"
            aria-controls="mota-results"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={openDialog} aria-haspopup="dialog">
            Submit New Idea
          </button>
          <button type="button" className="btn btn-secondary" onClick={showRandomIdea} disabled={picking} aria-busy={picking}>
            Random Idea
          </button>
          <button type="button" className="btn btn-secondary" onClick={exportCsv} disabled={exporting} aria-busy={exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </div>

      <div ref={tableTop} id="mota-results" className="mt-6 scroll-mt-24">
        <Summary list={list} filter={applied} />
        <Results list={list} onRetry={reload} />
      </div>

      {list.status === 'ready' && (
        <Pager
          label="Registry pages"
          previousLabel="Newer"
          nextLabel="Older"
          current={list.page.page}
          count={list.page.pageCount}
          onChange={goTo}
        />
      )}

      <dialog
        ref={dialog}
        aria-labelledby="idea-dialog-title"
        aria-describedby="idea-dialog-description"
        {...{ closedby: 'any' }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-paper p-0 text-ink shadow-2xl"
        data-idea-dialog
      >
        <div className="flex items-start justify-between gap-4 border-b border-line px-6 pt-5 pb-4">
          <div>
            <h2 id="idea-dialog-title" className="text-step-2">
              Submit New Idea
            </h2>
            <p id="idea-dialog-description" className="mt-1 text-muted">
              Name a problem, offer a mitigation. Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">as required</span> are required.
            </p>
          </div>
          <button
            type="button"
            onClick={closeDialog}
            className="-mr-2 rounded-full p-2 text-2xl leading-none text-muted hover:text-ink"
            aria-label="Close dialog"
          >
            ×
          </button>
        </div>
        <form onSubmit={submit} noValidate className="relative">
          <div className="space-y-5 px-6 py-5">
            <CountedField
              label="Issue/Problem"
              name="issue"
              multiline
              rows={2}
              required
              value={draft.issue}
              onChange={update('issue')}
              max={LIMITS.ideaIssue}
              placeholder="What has technology made harder?"
              textareaRef={issueField}
            />
            <CountedField
              label="Mitigation/Proposed Solution"
              name="mitigation"
              multiline
              rows={4}
              required
              value={draft.mitigation}
              onChange={update('mitigation')}
              max={LIMITS.ideaMitigation}
              placeholder="What would soften it?"
            />
            <CountedField
              label="Proposed By"
              name="proposed_by"
              optional
              value={draft.proposedBy}
              onChange={update('proposedBy')}
              max={LIMITS.proposedBy}
              autoComplete="nickname"
              placeholder="Anonymous"
            />
            <CountedField
              label="Notes/Comments"
              name="notes"
              optional
              multiline
              rows={3}
              value={draft.notes}
              onChange={update('notes')}
              max={LIMITS.ideaNotes}
              hint={`Context, sources, caveats. At most ${LIMITS.ideaLinks} links across the whole idea.`}
            />
            <Honeypot value={trap} onChange={setTrap} />
            {dialogError && (
              <p role="alert" className="rounded-lg border border-danger bg-danger/10 px-4 py-3 font-sans text-sm" data-dialog-error>
                {dialogError}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-3 border-t border-line px-6 py-4">
            <button type="button" className="btn btn-secondary" onClick={closeDialog}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={submitting} aria-busy={submitting}>
              {submitting ? 'Submitting…' : 'Submit Idea'}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

function Summary({ list, filter }: { list: ListState; filter: string }) {
  if (list.status !== 'ready' || list.page.total === 0) return null;
  const { page, pageSize, total, rows } = list.page;
  const first = (page - 1) * pageSize + 1;
  const last = first + rows.length - 1;
  const f = (n: number) => n.toLocaleString('en-GB');
  const what = total === 1 ? 'idea' : 'ideas';
  const range = total <= pageSize ? `${f(total)} ${what}` : `Ideas ${f(first)}–${f(last)} of ${f(total)}`;
  return (
    <p className="mb-3 font-sans text-sm text-muted" data-summary>
      {range}
      {filter.trim() && (
        <>
          {' '}
          matching “<span className="wrap-anywhere">{filter.trim()}</span>”
        </>
      )}
      , newest first
    </p>
  );
}

function Results({ list, onRetry }: { list: ListState; onRetry: () => void }) {
  if (list.status === 'loading') {
    return (
      <p role="status" className="rounded-2xl border border-line py-12 text-center text-muted" data-state="loading">
        <span aria-hidden="true" className="mr-2 inline-block animate-pulse">●</span>
        Opening the registry…
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="rounded-2xl border border-dashed border-line px-6 py-10 text-center" data-state="error">
        <p>The registry could not be reached just now.</p>
        <button type="button" className="btn btn-secondary mt-4" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const { rows } = list.page;
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line px-6 py-12 text-center font-display text-step-1 italic" data-state="empty">
        {EMPTY}
      </p>
    );
  }
  // A table on wide screens; on narrow ones each row becomes a card with its column names shown.
  // Explicit roles keep the table's semantics where CSS display changes would drop them.
  const cell = `block px-4 py-1.5 align-top md:table-cell md:py-4 ${VISITOR_TEXT} max-md:before:block max-md:before:font-sans max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-muted max-md:before:uppercase max-md:before:content-[attr(data-label)]`;
  return (
    <table role="table" className="block w-full overflow-hidden text-left md:table md:table-fixed md:rounded-2xl md:border md:border-line" data-state="list">
      <caption className="sr-only">Ideas in the M.O.T.A. registry, newest first</caption>
      <thead role="rowgroup" className="max-md:sr-only md:table-header-group">
        <tr role="row" className="bg-parchment">
          {COLUMNS.map((column) => (
            <th key={column} role="columnheader" scope="col" className="px-4 py-3 font-sans text-sm font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-4 md:table-row-group md:space-y-0">
        {rows.map((idea) => (
          <tr
            key={idea.id}
            role="row"
            className="block rounded-xl border border-line bg-surface py-2 md:table-row md:rounded-none md:border-0 md:border-t md:py-0"
            data-idea
          >
            <td role="cell" data-label={COLUMNS[0]} className={`${cell} font-semibold md:w-[24%]`}>
              {idea.issue}
            </td>
            <td role="cell" data-label={COLUMNS[1]} className={`${cell} md:w-[36%]`}>
              {idea.mitigation}
            </td>
            <td role="cell" data-label={COLUMNS[2]} className={`${cell} md:w-[16%]`}>
              <span data-proposer>{displayName(idea.proposedBy)}</span>
              <time dateTime={idea.createdAt} className="block font-sans text-xs text-muted">
                {formatShortDate(idea.createdAt)}
              </time>
            </td>
            <td role="cell" data-label={COLUMNS[3]} className={`${cell} text-muted md:w-[24%]`}>
              {idea.notes ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">No notes</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
