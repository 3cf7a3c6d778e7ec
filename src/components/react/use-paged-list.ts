import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { whenIdle } from '../../browser/when-idle';
import { describeFailure, type CommunityError, type Situation, type ToastText } from '../../lib/community/messages';
import { sameCursor, type PageCursor } from '../../lib/community/paging';
import type { Page } from '../../lib/community/types';
import { readAhead } from '../../lib/read-ahead';
import { afterToastDrawn, showToast } from '../../lib/toast';

/** A list as the islands show it: waiting for a page, failed, or one page of rows. */
export type ListState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Page<T> };

interface PagedListOptions<T, Input> {
  /**
   * One page of the list, 1-based, given the cursor of the page shown (null before the first):
   * the next or previous page continues from it. A new function (another filter) starts again
   * from page 1, so callers keep it stable with useCallback.
   */
  fetchPage: (page: number, from: PageCursor | null) => Promise<Page<T>>;
  fetchFailure: Situation;
  validate: (input: Input) => CommunityError | null;
  /** Adds the row, answering with it as stored. */
  add: (input: Input) => Promise<T>;
  /**
   * Page 1 with the row just added in its place, shown at once from the insert's answer while
   * page 1 is read again; null where it has no place there (it does not match the filter).
   */
  withAdded: (page: Page<T>, row: T) => Page<T> | null;
  addFailure: Situation;
  /** The toast once a row is in (and the one a robot hears instead). */
  added: ToastText;
  /**
   * Scrolled into view and focused (it has tabIndex -1) when the visitor moves to another page:
   * the pager they pressed is gone while the page loads, and the keyboard's place goes with them.
   */
  listTop: RefObject<HTMLElement | null>;
}

interface AddCallbacks {
  /** The row is in, or a robot was told it was: clear the form, close the dialog. */
  onAdded?: () => void;
  /** The visitor's row was refused or could not be sent; the toast is already up. */
  onRefused?: (failure: CommunityError) => void;
}

/** A page of a list as a read names it: the list's reader, the page, and the cursor it continues from. */
interface PageRead<T> {
  fetchPage: (page: number, from: PageCursor | null) => Promise<Page<T>>;
  page: number;
  from: PageCursor | null;
}
const readPage = <T>({ fetchPage, page, from }: PageRead<T>) => fetchPage(page, from);
const samePage = <T>(a: PageRead<T>, b: PageRead<T>) =>
  a.fetchPage === b.fetchPage && a.page === b.page && sameCursor(a.from, b.from);

/**
 * The forum's and the registry's shared life: a paged list loaded from the database, and a form
 * that adds to it. Only the newest request may fill the list (a slow answer to an earlier page
 * or filter is dropped); a hidden field filled in marks a robot, which hears success while
 * nothing is sent; a second submit while one is on its way is ignored; after adding, the list
 * goes back to page 1, where the newest rows are: on page 1 the new row shows at once, from the
 * insert's own answer (withAdded), and the page read again replaces it quietly.
 *
 * Once a page is shown, the page after it (further from the newest: the registry's Older, the
 * forum's Earlier) is read at the next idle moment, so stepping there shows it without a round
 * trip; after adding, it is read alongside page 1 instead. It is used only for that step from
 * that page (the same cursor, whichever read made it); a read ahead that failed is made again.
 */
export function usePagedList<T, Input>({
  fetchPage,
  fetchFailure,
  validate,
  add,
  withAdded,
  addFailure,
  added,
  listTop,
}: PagedListOptions<T, Input>) {
  const [list, setList] = useState<ListState<T>>({ status: 'loading' });
  const [trap, setTrap] = useState('');
  const [sending, setSending] = useState(false);
  const latestLoad = useRef(0);
  const requestedPage = useRef(1);
  // The page on screen and the fetchPage that read it: its cursor is good only for the same list
  // (a new filter reads afresh).
  const shown = useRef<{ fetchPage: PagedListOptions<T, Input>['fetchPage']; page: Page<T> } | null>(null);
  // A ref as well as state: a double click lands before React re-renders the disabled button.
  const inFlight = useRef(false);
  const [pages] = useState(() => readAhead<PageRead<T>, Page<T>>(readPage, samePage));

  const load = useCallback(
    /** `quiet`: what is shown stays until the page is here (it already holds the answer), or for good if the read fails. */
    async (page: number, { quiet = false } = {}) => {
      const ticket = ++latestLoad.current;
      requestedPage.current = page;
      if (!quiet) setList({ status: 'loading' });
      try {
        const from = shown.current?.fetchPage === fetchPage ? shown.current.page.cursor : null;
        const result = await pages.take({ fetchPage, page, from });
        if (ticket !== latestLoad.current) return;
        shown.current = { fetchPage, page: result };
        if (page < result.pageCount) {
          whenIdle(() => {
            if (ticket === latestLoad.current) pages.prepare({ fetchPage, page: page + 1, from: result.cursor });
          });
        }
        // A page of rows is the biggest render the island does, and on first load it lands while
        // the page is still settling: as a transition React renders it in slices and keeps the
        // main thread free for the reader's first tap or scroll.
        startTransition(() => setList({ status: 'ready', page: result }));
      } catch (error) {
        if (ticket !== latestLoad.current) return;
        // A quiet read refreshes a page already shown, and correct (page 1 with the row just
        // added, from the insert's answer): if it fails, that page stays rather than an error.
        if (quiet) return;
        setList({ status: 'error' });
        const failure = describeFailure(fetchFailure, error);
        showToast(failure.title, failure.description);
      }
    },
    [fetchPage, fetchFailure, pages],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  // Try again is gone once pressed, as a pager is: the keyboard's place moves to the list's top.
  const reload = useCallback(() => {
    void load(requestedPage.current);
    listTop.current?.focus({ preventScroll: true });
  }, [load, listTop]);
  const goTo = (page: number) => {
    void load(page);
    // Glides there, unless the reader has asked for less motion (an explicit behavior overrides the
    // stylesheet's reduced-motion rule, so it is chosen here).
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    listTop.current?.scrollIntoView({ block: 'start', behavior: reduced ? 'instant' : 'smooth' });
    listTop.current?.focus({ preventScroll: true });
  };

  const send = async (input: Input, { onAdded, onRefused }: AddCallbacks = {}) => {
    if (inFlight.current) return;
    const refuse = (failure: CommunityError) => {
      onRefused?.(failure);
      showToast(failure.title, failure.description);
    };
    const refusal = validate(input);
    if (refusal) return refuse(refusal);
    const succeed = () => {
      setTrap('');
      onAdded?.();
      showToast(added.title, added.description, { variant: 'normal' });
    };
    if (trap) return succeed();
    inFlight.current = true;
    // Asked for before the pending state is set: React draws that in a microtask at the end of
    // this task, and a request asked for after it waited for the whole render to be sent.
    const adding = add(input);
    setSending(true);
    try {
      const row = await adding;
      // The toast and the new row are the answer. Closing the form renders as a transition, in
      // slices, so the toast's frame does not wait for it; page 1 is asked for again once the
      // toast is drawn (asked for sooner, its requests held the toast's frame back: the frame
      // after this task, which draws the new row, comes before the toast area's task).
      const onFirstPage = shown.current?.fetchPage === fetchPage && shown.current.page.page === 1;
      const placed = onFirstPage ? withAdded(shown.current!.page, row) : null;
      if (placed) shown.current = { fetchPage, page: placed };
      startTransition(() => {
        succeed();
        if (placed) setList({ status: 'ready', page: placed });
      });
      await new Promise<void>((resolve) => afterToastDrawn(resolve));
      const reading = load(1, { quiet: placed !== null });
      // The page after it is read alongside, from the cursor page 1 will have: read after page 1,
      // a step there pressed soon after posting waited for a second round trip. Once page 1 is
      // here with that same cursor, its read ahead finds this read already on its way.
      if (placed && placed.pageCount > 1) pages.prepare({ fetchPage, page: 2, from: placed.cursor });
      await reading;
    } catch (error) {
      refuse(describeFailure(addFailure, error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  // The same function from one render to the next, calling the latest render's send: a form given
  // it (memoized) is not drawn again by every page read or every keystroke in a filter.
  const latestSend = useRef(send);
  useLayoutEffect(() => {
    latestSend.current = send;
  });
  const submit = useCallback((input: Input, callbacks?: AddCallbacks) => latestSend.current(input, callbacks), []);

  return { list, goTo, reload, trap, setTrap, sending, submit };
}
