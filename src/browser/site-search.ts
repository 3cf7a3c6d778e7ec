import { chunksFor, searchAheadFile, wholeIndex, type SearchAhead, type SearchPage } from '../lib/search-ahead';
import { preloadModules } from './fetch-ahead';
import { onIntent } from './intent';
import { afterNextFrame } from './when-painted';
import { whenIdle } from './when-idle';

interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface PagefindResult {
  /** Pagefind's id for the page, as in SearchAhead's pages. */
  id: string;
  data(): Promise<PagefindData>;
}
interface Pagefind {
  options(options: { noWorker?: boolean; metaCacheTag?: string }): Promise<void>;
  init(): Promise<void>;
  preload(query: string): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] }>;
}

/** Where astro-pagefind writes the index (not part of Vite's build: it is made after it). */
const PAGEFIND = '/pagefind/';
const MAX_RESULTS = 8;

/** Pagefind's excerpt marks matches with <mark>; rebuild it as text nodes, never as HTML. */
function excerptNodes(excerpt: string): Node[] {
  const doc = new DOMParser().parseFromString(`<p>${excerpt}</p>`, 'text/html');
  return [...doc.body.firstChild!.childNodes].map((node) => {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.className = 'bg-dawn text-night';
      mark.textContent = node.textContent;
      return mark;
    }
    return document.createTextNode(node.textContent ?? '');
  });
}

/**
 * Fetches one of Pagefind's files ahead, for Pagefind's own fetch of it to take (each once per
 * page): the same address, as a CORS fetch, as Pagefind asks for it.
 */
function preloadPagefindFile(file: string): void {
  const href = `${PAGEFIND}${file}`;
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = href;
  document.head.append(link);
}

/** Fetches ahead the index chunks named, for Pagefind to take as it needs them. */
const preloadChunks = (chunks: string[]) => chunks.forEach((chunk) => preloadPagefindFile(`index/${chunk}.pf_index`));

/** Resolves once `dialog` is open and the frame showing it has been drawn. */
function dialogDrawn(dialog: HTMLDialogElement): Promise<void> {
  return new Promise((resolve) => {
    if (dialog.open) return afterNextFrame(resolve);
    const opened = () => {
      if (!dialog.open) return;
      dialog.removeEventListener('toggle', opened);
      afterNextFrame(resolve);
    };
    dialog.addEventListener('toggle', opened);
  });
}

/** A search's engine, and what it may know before the engine is there. */
interface Search {
  engine: Promise<Pagefind>;
  ahead: Promise<SearchAhead | null>;
}

/**
 * Loads Pagefind with its downloads side by side. Left to itself it fetches one file after the
 * other (pagefind.js, its web worker, pagefind-entry.json, then the WebAssembly and the index
 * metadata), and on a phone's 150 ms round trips that chain, more than the bytes, kept the first
 * results two seconds away. Here the entry file and the WebAssembly for the page's language are
 * preloaded while pagefind.js downloads, and Pagefind runs on the main thread: the worker was one
 * more file in the chain, its fetches cannot take the page's preloads, and this index is small
 * enough that a search takes a few milliseconds. Beside them comes what a search can know before
 * the WebAssembly runs (SearchAhead): which part of the index a word needs, and each page's title.
 * Only the downloads start at the reader's intent: Pagefind itself (its module, its start, the
 * segmenter's data) runs once the search dialog has been drawn, well before the WebAssembly is
 * here; run at the touch, its work came before the frame that shows the dialog the touch opens.
 */
function startPagefind(dialog: HTMLDialogElement): Search {
  // Pagefind adds a cache-buster to the entry file's address; choosing it here lets the preload
  // ask for that same address, and ties the file read ahead to the same build.
  const cacheTag = String(Date.now());
  const language = document.documentElement.lang.split('-')[0]!.toLowerCase() || 'unknown';
  preloadPagefindFile(`pagefind-entry.json?ts=${cacheTag}`);
  preloadPagefindFile(`wasm.${language}.pagefind`);
  // Search works without it, only later: a failure here is not the search's.
  const ahead = fetch(`${PAGEFIND}${searchAheadFile(language)}?ts=${cacheTag}`)
    .then((response) => (response.ok ? (response.json() as Promise<SearchAhead>) : null))
    .catch(() => null);
  const engine = (async () => {
    await dialogDrawn(dialog);
    const pagefind = (await import(/* @vite-ignore */ `${PAGEFIND}pagefind.js`)) as Pagefind;
    // Pagefind splits each query into characters with Intl.Segmenter, where the browser has one.
    // The page's first segmenter loads the browser's text-boundary data, tens of milliseconds on a
    // phone: done here, while the WebAssembly is still on its way, not in the reader's first search.
    if ('Segmenter' in Intl) void [...new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(language)];
    await pagefind.options({ noWorker: true, metaCacheTag: cacheTag });
    // Starts fetching the entry file, the metadata and the WebAssembly now, not at the first search.
    await pagefind.init();
    return pagefind;
  })();
  return { engine, ahead };
}

/** The site's name, after every page's own title. */
const SITE_TITLE = / · Genesis by Elias Varros$/;

/**
 * One result: the page's title, and its excerpt with the matches marked once it arrives. The
 * excerpt's three lines are kept from the start, so the results below do not move when it comes.
 */
function resultItem({ url, title }: SearchPage): { item: HTMLLIElement; showExcerpt: (excerpt: string) => void } {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = url.replace(/\.html$/, '');
  link.className = 'block py-3 text-ink no-underline hover:text-accent';
  const name = document.createElement('span');
  name.className = 'block font-display text-step-0 font-semibold';
  name.textContent = title.replace(SITE_TITLE, '');
  const excerpt = document.createElement('span');
  excerpt.className = 'mt-1 line-clamp-3 min-h-[3lh] text-sm text-muted';
  link.append(name, excerpt);
  item.append(link);
  return { item, showExcerpt: (text) => excerpt.replaceChildren(...excerptNodes(text)) };
}

export function initSiteSearch(): void {
  const dialog = document.getElementById('site-search');
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const list = document.querySelector<HTMLOListElement>('[data-search-results]');
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  if (!(dialog instanceof HTMLDialogElement) || !input || !status || !list || !form) return;
  // Pagefind's script is fetched ahead at idle, not run: opening search then leaves
  // the line to the WebAssembly and the index, which the first results wait for.
  whenIdle(() => preloadModules([`${PAGEFIND}pagefind.js`]));

  let search: Search | null = null;
  const load = (): Search => {
    if (search) return search;
    const started = startPagefind(dialog);
    // A failed download is tried again on the next search rather than remembered.
    started.engine.catch(() => {
      if (search === started) search = null;
    });
    return (search = started);
  };
  const warm = () => void load();

  const more = document.querySelector<HTMLButtonElement>('[data-search-more]');
  /** The results of the search listed that are not listed yet, for Show more. */
  let unlisted: { results: PagefindResult[]; pages: Record<string, SearchPage>; ticket: number } | null = null;
  const offerMore = (rest: typeof unlisted) => {
    unlisted = rest?.results.length ? rest : null;
    if (!more) return;
    more.hidden = !unlisted;
    if (unlisted) more.textContent = `Show ${Math.min(MAX_RESULTS, unlisted.results.length)} more`;
  };

  /** Says `text` and empties the list for the results that follow it, if any. */
  const settle = (text: string) => {
    status.textContent = text;
    list.replaceChildren();
    list.removeAttribute('aria-busy');
    offerMore(null);
  };

  /** Fetches the excerpts of a batch of results, side by side: each is a file of its own. */
  const fetchBatch = (batch: PagefindResult[]) => {
    const excerpts = batch.map((result) => result.data());
    // A newer query may leave these unread; their failures are not this search's.
    for (const excerpt of excerpts) excerpt.catch(() => undefined);
    return { batch, excerpts };
  };

  /**
   * Adds a batch to the list: pages whose titles are known at once, each excerpt shown as it
   * arrives; a page not known ahead waits for its excerpt, in order. Calls `beforeFirst` as the
   * first is added; gives the first one's link, or null when a newer search took over.
   */
  const listBatch = async (
    { batch, excerpts }: ReturnType<typeof fetchBatch>,
    pages: Record<string, SearchPage>,
    ticket: number,
    beforeFirst?: () => void,
  ): Promise<HTMLAnchorElement | null> => {
    let first: HTMLAnchorElement | null = null;
    for (const [index, result] of batch.entries()) {
      const page =
        pages[result.id] ?? (await excerpts[index]!.then(({ url, meta }) => ({ url, title: meta.title ?? url })));
      if (ticket !== latest) return null;
      if (index === 0) beforeFirst?.();
      const { item, showExcerpt } = resultItem(page);
      list.append(item);
      first ??= item.querySelector('a');
      void excerpts[index]!.then(
        ({ excerpt }) => showExcerpt(excerpt),
        () => undefined,
      );
    }
    return first;
  };

  let latest = 0;
  const run = async () => {
    const query = input.value.trim();
    const ticket = ++latest;
    if (!query) return settle('');
    // In the same task as the key: the first search waits for the index to arrive, and any
    // search for its excerpts. The last results stay, dimmed, until the new ones replace them.
    // Set only when it changes: a live region told the same words again may say them again.
    if (status.textContent !== 'Searching…') status.textContent = 'Searching…';
    list.setAttribute('aria-busy', 'true');
    offerMore(null);
    try {
      // Keys typed while the index downloads each wait for the files their word needs; once
      // they are here only the newest word is searched. Searching every older one first, in
      // turn, held the results back by tens of milliseconds on a phone.
      const { engine: starting, ahead } = load();
      // The part of the index each key's word needs comes beside the WebAssembly, not after it.
      void ahead.then((known) => known && preloadChunks(chunksFor(known, query)));
      const engine = await starting;
      await engine.preload(query);
      if (ticket !== latest) return;
      const { results } = await engine.search(query);
      // A newer query is on its way: the excerpts this one would fetch are not wanted.
      if (ticket !== latest) return;
      const firstBatch = fetchBatch(results.slice(0, MAX_RESULTS));
      const known = await ahead;
      // After this search's own files, the rest of a small index: the words typed next need no download.
      if (known) preloadChunks(wholeIndex(known));
      if (!results.length) return settle(`Nothing on the site matches “${query}”. Try another word.`);
      const pages = known?.pages ?? {};
      const listed = await listBatch(firstBatch, pages, ticket, () =>
        settle(`${results.length} ${results.length === 1 ? 'page matches' : 'pages match'} “${query}”.`),
      );
      if (listed) offerMore({ results: results.slice(MAX_RESULTS), pages, ticket });
    } catch (error) {
      console.warn('Site search failed', error);
      if (ticket !== latest) return;
      status.textContent = 'Search is unavailable right now. Please try again later.';
      list.removeAttribute('aria-busy');
    }
  };

  // The next results of the search listed, their excerpts only now: the keyboard goes to the
  // first of them, where the reader was headed.
  more?.addEventListener('click', async () => {
    if (!unlisted) return;
    const { results, pages, ticket } = unlisted;
    offerMore(null);
    const first = await listBatch(fetchBatch(results.slice(0, MAX_RESULTS)), pages, ticket);
    if (!first) return;
    first.focus();
    offerMore({ results: results.slice(MAX_RESULTS), pages, ticket });
  });

  input.addEventListener('input', () => void run());
  // Results follow the typing; Enter only confirms them. The search dialog exists only with
  // JavaScript, so the form never has anywhere to go.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  // Reaching for the search button (pointing at it, touching it, tabbing to it) starts loading
  // Pagefind: its files are on their way before the dialog opens. Opening the dialog any other
  // way starts it too, while the reader types.
  onIntent(document, warm, '[commandfor="site-search"]');
  dialog.addEventListener('toggle', () => {
    if (dialog.open) warm();
  });
  // The button opens the dialog without this script: what a reader typed before it ran is
  // searched now.
  if (dialog.open) {
    warm();
    if (input.value.trim()) void run();
  }
  // "/" opens search from anywhere outside a form field, as on most documentation sites.
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (event.key !== '/' || dialog.open || target?.closest('input, textarea, select, [contenteditable]')) return;
    event.preventDefault();
    dialog.showModal();
  });
}
