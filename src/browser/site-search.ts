import { preloadModules } from './fetch-ahead';
import { onIntent } from './intent';
import { whenIdle } from './when-idle';

interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface PagefindResult {
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
      mark.className = 'bg-dawn text-ink';
      mark.textContent = node.textContent;
      return mark;
    }
    return document.createTextNode(node.textContent ?? '');
  });
}

/**
 * Loads Pagefind with its downloads side by side. Left to itself it fetches one file after the
 * other (pagefind.js, its web worker, pagefind-entry.json, then the WebAssembly and the index
 * metadata), and on a phone's 150 ms round trips that chain, more than the bytes, kept the first
 * results two seconds away. Here the entry file and the WebAssembly for the page's language are
 * preloaded while pagefind.js downloads, and Pagefind runs on the main thread: the worker was one
 * more file in the chain, its fetches cannot take the page's preloads, and this index is small
 * enough that a search takes a few milliseconds.
 */
async function startPagefind(): Promise<Pagefind> {
  // Pagefind adds a cache-buster to the entry file's address; choosing it here lets the preload
  // ask for that same address.
  const cacheTag = String(Date.now());
  const language = document.documentElement.lang.split('-')[0]!.toLowerCase() || 'unknown';
  for (const file of [`pagefind-entry.json?ts=${cacheTag}`, `wasm.${language}.pagefind`]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = `${PAGEFIND}${file}`;
    document.head.append(link);
  }
  const pagefind = (await import(/* @vite-ignore */ `${PAGEFIND}pagefind.js`)) as Pagefind;
  // Pagefind splits each query into characters with Intl.Segmenter, where the browser has one.
  // The page's first segmenter loads the browser's text-boundary data, tens of milliseconds on a
  // phone: done here, while the WebAssembly is still on its way, not in the reader's first search.
  if ('Segmenter' in Intl) void [...new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(language)];
  await pagefind.options({ noWorker: true, metaCacheTag: cacheTag });
  // Starts fetching the entry file, the metadata and the WebAssembly now, not at the first search.
  await pagefind.init();
  return pagefind;
}

/** One result: the page's title, and its excerpt with the matches marked. */
function resultItem(item: PagefindData): HTMLLIElement {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = item.url.replace(/\.html$/, '');
  link.className = 'block py-3 text-ink no-underline hover:text-accent';
  const title = document.createElement('span');
  title.className = 'block font-display text-step-0 font-semibold';
  title.textContent = item.meta.title?.replace(/ · Genesis by Elias Varros$/, '') ?? item.url;
  const excerpt = document.createElement('span');
  excerpt.className = 'mt-1 block text-sm text-muted';
  excerpt.append(...excerptNodes(item.excerpt));
  link.append(title, excerpt);
  li.append(link);
  return li;
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

  let pagefind: Promise<Pagefind> | null = null;
  const load = () =>
    (pagefind ??= startPagefind().catch((error: unknown) => {
      // A failed download is tried again on the next search rather than remembered.
      pagefind = null;
      throw error;
    }));
  const warm = () => void load().catch(() => undefined);

  /** Says `text` and empties the list for the results that follow it, if any. */
  const settle = (text: string) => {
    status.textContent = text;
    list.replaceChildren();
    list.removeAttribute('aria-busy');
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
    try {
      // Keys typed while the index downloads each wait for the files their word needs; once
      // they are here only the newest word is searched. Searching every older one first, in
      // turn, held the results back by tens of milliseconds on a phone.
      const engine = await load();
      await engine.preload(query);
      if (ticket !== latest) return;
      const { results } = await engine.search(query);
      // A newer query is on its way: the excerpts this one would fetch are not wanted.
      if (ticket !== latest) return;
      if (!results.length) return settle(`Nothing on the site matches “${query}”. Try another word.`);
      // Each result's excerpt is a file of its own. They are shown in order as they arrive, the
      // first as soon as it is here, not all at once when the slowest one is.
      const excerpts = results.slice(0, MAX_RESULTS).map((result) => result.data());
      // A newer query may leave these unread; their failures are not this search's.
      for (const excerpt of excerpts) excerpt.catch(() => undefined);
      for (const [index, excerpt] of excerpts.entries()) {
        const item = await excerpt;
        if (ticket !== latest) return;
        if (index === 0)
          settle(`${results.length} ${results.length === 1 ? 'page matches' : 'pages match'} “${query}”.`);
        list.append(resultItem(item));
      }
    } catch (error) {
      console.warn('Site search failed', error);
      if (ticket !== latest) return;
      status.textContent = 'Search is unavailable right now. Please try again later.';
      list.removeAttribute('aria-busy');
    }
  };

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
