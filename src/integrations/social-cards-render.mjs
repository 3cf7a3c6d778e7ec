// Rasterises social cards: reads [{ svg, png }] (file paths) as JSON on stdin and writes each PNG.
// Run by social-cards.mjs in its own process, with FONTCONFIG_FILE naming the site's fonts, so
// the text is set in them whatever fonts the machine has.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

let input = '';
for await (const chunk of process.stdin) input += chunk;
for (const { svg, png } of JSON.parse(input)) {
  const data = await sharp(readFileSync(svg)).png({ compressionLevel: 4 }).toBuffer();
  // Written whole, then renamed: an interrupted build never leaves a half card in the cache.
  writeFileSync(`${png}.tmp`, data);
  renameSync(`${png}.tmp`, png);
}
