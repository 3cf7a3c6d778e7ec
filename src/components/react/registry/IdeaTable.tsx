import { displayName, formatCount, formatShortDate } from '../../../lib/community/format';
import type { Idea } from '../../../lib/community/types';
import { ListStatus } from '../community-fields';
import type { ListState } from '../use-paged-list';

/** The registry's results: a line saying what is shown, and the ideas as a table. */

const LIST_STATUS = {
  loading: 'Opening the registry…',
  unreachable: 'The registry could not be reached just now.',
  empty: 'No ideas match your filter, or the registry is awaiting its first spark!',
};
const COLUMNS = ['Issue/Problem', 'Mitigation/Proposed Solution', 'Proposed By', 'Notes/Comments'] as const;
/**
 * Long words and links wrap instead of widening the page; the visitor's line breaks stay; and a
 * cell holds everything it draws: a letter with a tower of accents, or marks no line can break,
 * is cut off at its edge instead of painting over the header or the next idea. The database
 * refuses such text now; older rows (or another backend) may still hold it.
 */
const VISITOR_TEXT = 'whitespace-pre-line wrap-anywhere overflow-hidden';

export function IdeaSummary({ list, filter }: { list: ListState<Idea>; filter: string }) {
  if (list.status !== 'ready') return null;
  // Nothing found is said by the empty message in the table's place; a listener hears it here.
  if (list.page.total === 0) {
    return filter.trim() ? <p className="sr-only">No ideas matching “{filter.trim()}”</p> : null;
  }
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

/**
 * Lets the cards out of view skip their layout once every card has been drawn. Each card then
 * keeps the size it was drawn at (`contain-intrinsic-size: auto`). Skipped from the start, a card
 * would stand at a guessed size until it came near, and the pager below would move under the
 * reader's finger as the cards around it took their real sizes. Each new list of ideas is a new
 * table (the loading line stands in between), so this runs once per list. The second frame is
 * the first after the one that drew the cards and recorded their sizes.
 */
function skipCardsOnceDrawn(table: HTMLTableElement | null) {
  if (!table) return;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => table.setAttribute('data-drawn', ''));
  });
  return () => cancelAnimationFrame(frame);
}

export function IdeaTable({ list, onRetry }: { list: ListState<Idea>; onRetry: () => void }) {
  if (list.status !== 'ready' || list.page.rows.length === 0) {
    return (
      <ListStatus
        list={list}
        words={LIST_STATUS}
        loadingClassName="rounded-2xl border border-line py-12"
        onRetry={onRetry}
      />
    );
  }
  const { rows } = list.page;
  // A table on wide screens; on narrow ones each row becomes a card with its column names shown.
  // Explicit roles keep the table's semantics where CSS display changes would drop them.
  const cell = `block px-4 py-1.5 align-top md:table-cell md:py-4 ${VISITOR_TEXT} max-md:before:block max-md:before:font-sans max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-muted max-md:before:uppercase max-md:before:content-[attr(data-label)_/_'']`;
  return (
    <table
      ref={skipCardsOnceDrawn}
      role="table"
      className="group block w-full overflow-hidden text-left md:table md:table-fixed md:rounded-2xl md:border md:border-line"
      data-state="list"
    >
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
        {/* On a phone each idea is a card: once drawn, the cards out of view skip style and
            layout (see skipCardsOnceDrawn), which a modal dialog opening over the page would
            otherwise redo for all 50 of them. Each card is contained from the start, as skipping
            contains it: contained only as it began to skip, a card was rebuilt by Chromium, and
            every card then coming into view was reported as a layout shift, though nothing moved. */}
        {rows.map((idea) => (
          <tr
            key={idea.id}
            role="row"
            className="isolate block overflow-hidden rounded-xl border border-line bg-surface py-2 max-md:[contain:layout_paint_style] max-md:[contain-intrinsic-size:auto_16rem] max-md:group-data-drawn:[content-visibility:auto] md:table-row md:rounded-none md:border-0 md:border-t md:py-0"
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
