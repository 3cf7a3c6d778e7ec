import { describe, expect, it } from 'vitest';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { proseBlockSizes } from '../../src/integrations/prose-block-sizes.mjs';

// Each top-level block of a Markdown page carries its length, from which the stylesheet guesses
// its height before the browser lays it out (content-visibility).
async function render(markdown: string) {
  const processor = await createSatteriMarkdownProcessor({ hastPlugins: [proseBlockSizes], syntaxHighlight: false });
  return (await processor.render(markdown)).code;
}

describe('prose block sizes', () => {
  it('gives a paragraph its characters, runs of white space counted once, and one line start', async () => {
    expect(await render('A *short*   paragraph\nover two source lines.')).toContain(
      '<p style="--chars:40;--breaks:1">',
    );
  });

  it('counts a line start for each list item and each paragraph of a quotation', async () => {
    const html = await render('- one\n- two\n  - three\n\n> a\n>\n> b');
    expect(html).toContain('<ul style="--chars:13;--breaks:3">');
    expect(html).toContain('<blockquote style="--chars:3;--breaks:2">');
  });

  it('sizes only the blocks at the top of the page, not what is inside them', async () => {
    const html = await render('## A heading\n\n> inside\n\n---');
    expect(html).toMatch(/<h2 style="--chars:9;--breaks:1"[^>]*>A heading<\/h2>/);
    expect(html).toContain('<p>inside</p>');
    expect(html).toContain('<hr style="--chars:0;--breaks:1">');
  });
});
