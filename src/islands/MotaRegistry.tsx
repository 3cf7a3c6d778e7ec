import { Suspense, lazy, useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  IDEAS_PER_PAGE,
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
import { displayName, formatCount, formatShortDate, randomIdeaMessage } from '../lib/community-format';
import { CSV_FILENAME, CSV_MIME, buildIdeasCsv } from '../lib/csv';
import { TOAST_LONG_MS, showToast } from '../lib/toast';
import { Pager } from './community-fields';
import type { IdeaDraft } from './IdeaDialog';

/**
 * The M.O.T.A. Open Registry: the filter, the table (newest first,
 * filtered and paged in the database), the Submit New Idea dialog, Random Idea and Export CSV.
 *
 * The dialog (IdeaDialog, on Headless UI's Dialog) is about 20 KB gzip that most visitors never
 * open, and would take the page past its JavaScript budget: it loads when a visitor points at or
 * focuses Submit New Idea, and opens once it is there.
 */

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Page<Idea> };

const EMPTY = 'No ideas match your filter, or the registry is awaiting its first spark!';
const COLUMNS = ['Issue/Problem', 'Mitigation/Proposed Solution', 'Proposed By', 'Notes/Comments'] as const;
const FILTER_DELAY_MS = 250;
const VISITOR_TEXT = 'whitespace-pre-line wrap-anywhere';

type Draft = IdeaDraft;
const EMPTY_DRAFT: Draft = { issue: '', mitigation: '', proposedBy: '', notes: '' };

const loadIdeaDialog = () => import('./IdeaDialog');
const IdeaDialog = lazy(loadIdeaDialog);

export default function MotaRegistry() {
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [reloadCount, setReloadCount] = useState(0);
  const latestLoad = useRef(0);

  // Mounted from the first opening on, so Headless UI can return focus when it closes.
  const [dialogMounted, setDialogMounted] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const inFlight = useRef(false);

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

  // Focus goes back to Submit New Idea on closing. Headless UI would return it to the element
  // focused before opening, but it learns focus history only once its code has loaded, and a
  // keyboard visitor's focus on the button is what loads it.
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (dialogMounted && !dialogOpen) opener.current?.focus();
  }, [dialogMounted, dialogOpen]);

  const openDialog = () => {
    setDialogError(null);
    setDialogMounted(true);
    setDialogOpen(true);
  };
  const closeDialog = () => setDialogOpen(false);

  const update = (field: keyof Draft, value: string) => setDraft((d) => ({ ...d, [field]: value }));

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
          <button
            ref={opener}
            type="button"
            className="btn btn-primary"
            onClick={openDialog}
            onPointerEnter={() => void loadIdeaDialog()}
            onFocus={() => void loadIdeaDialog()}
            aria-haspopup="dialog"
          >
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

      {dialogMounted && (
        <Suspense>
          <IdeaDialog
            open={dialogOpen}
            onClose={closeDialog}
            draft={draft}
            onDraftChange={update}
            trap={trap}
            onTrapChange={setTrap}
            submitting={submitting}
            error={dialogError}
            onSubmit={submit}
          />
        </Suspense>
      )}
    </div>
  );
}

function Summary({ list, filter }: { list: ListState; filter: string }) {
  if (list.status !== 'ready' || list.page.total === 0) return null;
  const { page, pageSize, total, rows } = list.page;
  const first = (page - 1) * pageSize + 1;
  const last = first + rows.length - 1;
  const f = formatCount;
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
