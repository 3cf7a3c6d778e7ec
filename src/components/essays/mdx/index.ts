import { createComponent, renderComponent, renderTemplate } from 'astro/runtime/server/index.js';
import Aside from './Aside.astro';
import Figure from './Figure.astro';
import PullQuote from './PullQuote.astro';

/**
 * The components an .mdx essay or field note may use without importing them, for the entry in
 * `file` (its path from the project root). Figure is given that path, so `src="./well.jpg"` is
 * read beside the file, as the author sees it, even on a page that shows several entries.
 */
export function entryComponents(file: string | undefined) {
  const EntryFigure = createComponent(
    (result, props, slots) => renderTemplate`${renderComponent(result, 'Figure', Figure, { ...props, file }, slots)}`,
  );
  return { Aside, Figure: EntryFigure, PullQuote };
}
