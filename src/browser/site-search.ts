interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] }>;
  preload?(query: string): Promise<void>;
}

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

export function initSiteSearch(): void {
  const dialog = document.getElementById('site-search');
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const list = document.querySelector<HTMLOListElement>('[data-search-results]');
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  if (!(dialog instanceof HTMLDialogElement) || !input || !status || !list || !form) return;

  let pagefind: Promise<Pagefind> | null = null;
  const load = () => (pagefind ??= import(/* @vite-ignore */ `${'/pagefind/'}pagefind.js`) as Promise<Pagefind>);

  let latest = 0;
  const run = async () => {
    const query = input.value.trim();
    const ticket = ++latest;
    if (!query) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    try {
      const { results } = await (await load()).search(query);
      const data = await Promise.all(results.slice(0, MAX_RESULTS).map((r) => r.data()));
      if (ticket !== latest) return;
      status.textContent = results.length
        ? `${results.length} ${results.length === 1 ? 'page matches' : 'pages match'} “${query}”.`
        : `Nothing on the site matches “${query}”. Try another word.`;
      list.replaceChildren(
        ...data.map((item) => {
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
        }),
      );
    } catch (error) {
      console.warn('Site search failed', error);
      if (ticket === latest) status.textContent = 'Search is unavailable right now. Please try again later.';
    }
  };

  input.addEventListener('input', () => void run());
  // Results follow the typing; Enter only confirms them. The search dialog exists only with
  // JavaScript, so the form never has anywhere to go.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  // The first opening starts loading the index while the visitor types.
  dialog.addEventListener('toggle', () => {
    if (dialog.open) {
      void load().catch(() => undefined);
      input.focus();
    }
  });
  // "/" opens search from anywhere outside a form field, as on most documentation sites.
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (event.key !== '/' || dialog.open || target?.closest('input, textarea, select, [contenteditable]')) return;
    event.preventDefault();
    dialog.showModal();
  });
}
