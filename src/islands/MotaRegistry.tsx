import { useCallback, useRef, useState } from 'react';
import { Pager } from '../components/react/community-fields';
import ExportCsvButton from '../components/react/registry/ExportCsvButton';
import { IdeaSummary, IdeaTable } from '../components/react/registry/IdeaTable';
import RandomIdeaButton from '../components/react/registry/RandomIdeaButton';
import SubmitIdea from '../components/react/registry/SubmitIdea';
import { usePagedList } from '../components/react/use-paged-list';
import { IDEAS_PER_PAGE } from '../lib/community';
import { addIdea, listIdeas, randomIdea } from '../lib/community/calls';
import { withNewest, type PageCursor } from '../lib/community/paging';
import { messages } from '../lib/community/messages';
import { SEARCH_MAX_LENGTH, ideaSearch } from '../lib/community/search';
import { validateIdea } from '../lib/community/validation';
import { readAhead } from '../lib/read-ahead';

/**
 * The M.O.T.A. Open Registry: the filter and the registry's actions (Submit New Idea, Random
 * Idea, Export CSV), then the ideas, newest first, filtered and paged in the database.
 */

const PAGER_LABELS = { pages: 'Registry pages', previous: 'Newer', next: 'Older' };

export default function MotaRegistry() {
  const [filter, setFilter] = useState('');
  const tableTop = useRef<HTMLDivElement>(null);

  // The whole registry's total as the unfiltered first page read it: Random Idea picks from it.
  // Its idea is read as soon as the total is known, and again after each press, so that the
  // press finds it there. The first page is read whenever the registry is shown afresh (on
  // opening, after an idea is added); a later page may be a read ahead, not yet shown, whose
  // newer total would draw the idea again.
  const registryTotal = useRef<number | null>(null);
  const [randomIdeas] = useState(() => readAhead(randomIdea));
  const pickRandomIdea = async () => {
    const idea = await randomIdeas.take(registryTotal.current);
    randomIdeas.prepare(registryTotal.current);
    return idea;
  };
  // The filter runs in the database with every keystroke, and the table says it is looking at
  // once: waiting for typing to stop would add that wait to every search. Only the answer to
  // the newest text fills the table (usePagedList).
  const fetchPage = useCallback(
    async (page: number, from: PageCursor | null) => {
      const read = await listIdeas({ filter, page, pageSize: IDEAS_PER_PAGE, from });
      if (page === 1 && ideaSearch(filter) === null) {
        registryTotal.current = read.total;
        randomIdeas.prepare(read.total);
      }
      return read;
    },
    [filter, randomIdeas],
  );
  // Newest first: after adding, the new idea leads page 1 (if it matches the filter in use: shown
  // at once without a filter, with one once page 1 is read again).
  const { list, goTo, reload, trap, setTrap, sending, submit } = usePagedList({
    fetchPage,
    fetchFailure: 'fetchIdeas',
    validate: validateIdea,
    add: addIdea,
    withAdded: (page, idea) => (ideaSearch(filter) === null ? withNewest(page, idea, 'start') : null),
    addFailure: 'submitIdea',
    added: messages.ideaSubmitted,
    listTop: tableTop,
  });

  return (
    <div>
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-parchment p-4 sm:p-5 lg:flex-row lg:items-end">
        <RegistryFilter value={filter} onChange={setFilter} />
        <div className="flex flex-wrap gap-2">
          <SubmitIdea submit={submit} sending={sending} trap={trap} onTrapChange={setTrap} />
          <RandomIdeaButton pick={pickRandomIdea} />
          {/* What the box says now, even if the table has not caught up with the last keystroke. */}
          <ExportCsvButton filter={filter} />
        </div>
      </div>

      {/* Focused on each step to another page. Its outline is off always, not only on focus: Tailwind
          turns it off through a custom property, which every element inside inherits, and setting
          it on focus restyled the whole table (tens of milliseconds on a phone). */}
      <div ref={tableTop} id="mota-results" tabIndex={-1} className="mt-6 scroll-mt-24 outline-none">
        {/* A status region that stays in place, so that a screen reader says what each filter
            and each step to another page found, as the summary line below changes. */}
        <div role="status">
          <IdeaSummary list={list} filter={filter} />
        </div>
        <IdeaTable list={list} onRetry={reload} />
      </div>

      {list.status === 'ready' && (
        <Pager labels={PAGER_LABELS} current={list.page.page} count={list.page.pageCount} onChange={goTo} />
      )}
    </div>
  );
}

function RegistryFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div role="search" className="min-w-0 flex-1">
      <label htmlFor="mota-filter" className="font-sans text-sm font-semibold">
        Filter the registry
      </label>
      <input
        id="mota-filter"
        type="search"
        className="field mt-1.5"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="A word from an issue, a solution or a name"
        // No more than a search sends: the summary quotes the box, and must quote what was looked for.
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        aria-controls="mota-results"
      />
    </div>
  );
}
