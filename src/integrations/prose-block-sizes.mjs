// A hast plugin for the Markdown processor (Sätteri), which .md and .mdx pages both go through.
// The blocks of running prose are laid out only as the reader nears them (content-visibility:
// auto in src/styles/global.css); until then the browser takes the height the stylesheet
// guesses. One fixed guess for every block was about a hundred pixels out per block on a phone,
// so an essay grew by some 15% as it was read, and whatever sat below the prose moved under the
// reader's finger. Each top-level block now carries its own length, from which the stylesheet
// works out its lines at the column's width:
//   --chars   characters of text in the block, runs of white space counted as one;
//   --breaks  how many lines it starts on its own (list items, paragraphs inside it), at least 1.
// Components an .mdx essay places between the blocks keep the stylesheet's default.

const BLOCKS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'blockquote',
  'pre',
  'table',
  'figure',
  'hr',
  'div',
  'details',
  'aside',
  'section',
];
const LINE_STARTS = new Set(['p', 'li', 'br', 'tr', 'dt', 'dd', 'h2', 'h3', 'h4', 'figcaption']);

/** Lines a block starts on its own, below itself: each list item, inner paragraph, row or break. */
function lineStarts(node) {
  return (node.children ?? []).reduce(
    (count, child) =>
      child.type === 'element' ? count + (LINE_STARTS.has(child.tagName) ? 1 : 0) + lineStarts(child) : count,
    0,
  );
}

/** The custom properties a block of `text` starting `starts` lines of its own is given. */
function blockSizeStyle(text, starts) {
  return `--chars:${text.replace(/\s+/g, ' ').trim().length};--breaks:${Math.max(1, starts)}`;
}

export const proseBlockSizes = {
  name: 'prose-block-sizes',
  element: {
    filter: BLOCKS,
    visit(node, ctx) {
      if (ctx.parent(node)?.type !== 'root') return;
      const size = blockSizeStyle(ctx.textContent(node), lineStarts(node));
      const style = node.properties?.style;
      ctx.setProperty(node, 'style', style ? `${style};${size}` : size);
    },
  },
};
