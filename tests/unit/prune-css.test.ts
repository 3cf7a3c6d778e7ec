import { describe, expect, it } from 'vitest';
import { cssNames, pruneHtml } from '../../src/integrations/prune-css.mjs';

const css = [
  '@layer base{:focus-visible{outline:3px solid}[hidden]:where(:not([hidden=until-found])){display:none!important}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.text-accent{color:red}',
  '.aria-\\[current\\=page\\]\\:underline[aria-current=page]{text-decoration:underline}',
  ':is(:where(.group)[aria-pressed=true] .group-aria-pressed\\:bg-ink){background:#000}',
  '@media (min-width:40rem){.sm\\:grid{display:grid}}}',
  '.card[data-astro-cid-x]{padding:1rem}',
].join('');

const page = (body: string) => `<html><head><style>${css}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => html.match(/<style>([\s\S]*)<\/style>/)![1];

describe('pruneHtml', () => {
  it('drops utilities the page never names and keeps the ones it does', async () => {
    const out = styleOf(await pruneHtml(page('<div class="flex">The grid of the day</div>'), []));
    expect(out).toContain('.flex{display:flex}');
    expect(out).not.toContain('sm\\:grid');
    // "grid" in the prose is not a class.
    expect(out).not.toContain('.grid{display:grid}');
    expect(out).not.toContain('.text-accent');
  });

  it('keeps responsive variants the page names', async () => {
    const out = styleOf(await pruneHtml(page('<div class="sm:grid"></div>'), []));
    expect(out).toContain('@media (min-width:40rem){.sm\\:grid{display:grid}}');
  });

  it('keeps classes that only a script the page loads adds', async () => {
    const out = styleOf(await pruneHtml(page('<p>x</p>'), ['el.className = "text-accent"']));
    expect(out).toContain('.text-accent{color:red}');
  });

  it('keeps state variants whatever the attribute value scripts will set', async () => {
    const body =
      '<a class="aria-[current=page]:underline">a</a><button class="group"><span class="group-aria-pressed:bg-ink"></span></button>';
    const out = styleOf(await pruneHtml(page(body), []));
    expect(out).toContain('[aria-current=page]{text-decoration:underline}');
    expect(out).toContain('.group-aria-pressed\\:bg-ink');
  });

  it('never trims the base layer or component styles', async () => {
    const out = styleOf(await pruneHtml(page('<p>x</p>'), []));
    expect(out).toContain(':focus-visible{outline:3px solid}');
    expect(out).toContain('[hidden]:where(:not([hidden=until-found]))');
    expect(out).toContain('.card[data-astro-cid-x]{padding:1rem}');
  });
});

describe('pruning many pages', () => {
  const layer = '@layer utilities{.flex{display:flex}.\\32 xl\\:wide{max-width:none}.py-0\\.5{padding-block:2px}}';
  const pageWith = (body: string) => `<html><head><style>${layer}</style></head><body>${body}</body></html>`;

  it('reads the names a layer looks for with CSS escapes undone', () => {
    const names = cssNames(layer);
    expect(names).toContain('2xl:wide');
    expect(names).toContain('py-0.5');
    expect(names).toContain('flex');
  });

  it('gives a page its own result when it differs from the pages before it only in a class the layer names', async () => {
    const first = styleOf(await pruneHtml(pageWith('<a href="/one" class="flex">One</a>'), []));
    expect(first).not.toContain('wide');
    expect(first).not.toContain('py-0');
    const wide = styleOf(await pruneHtml(pageWith('<a href="/one" class="flex 2xl:wide">One</a>'), []));
    expect(wide).toContain('.\\32 xl\\:wide{max-width:none}');
    const padded = styleOf(await pruneHtml(pageWith('<a href="/one" class="flex py-0.5">One</a>'), []));
    expect(padded).toContain('.py-0\\.5{padding-block:2px}');
    // A page like the first, with other links and prose, gets the first page's result.
    const another = styleOf(await pruneHtml(pageWith('<a href="/two" class="flex">Two grids</a>'), []));
    expect(another).toBe(first);
  });
});
