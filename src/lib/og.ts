/**
 * Social cards (Open Graph / Twitter): every page gets its own 1200 × 630 image, drawn after the
 * build from the page's own title and subtitle over the site's art
 * (src/integrations/social-cards.mjs). The page's head names the card and carries its inputs:
 * og:title is the title, og:image:alt is the title and subtitle (`cardAlt`).
 */
import { formatDate } from './essays';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where a page's card is served: /og/index.png for the home page, /og/<path>.png for the rest. */
export const cardPath = (pagePath: string) =>
  pagePath === '/' ? '/og/index.png' : `/og${pagePath.replace(/\/$/, '')}.png`;

export const essayCardSubtitle = (categoryTitle: string, pubDate: Date) => `${categoryTitle} · ${formatDate(pubDate)}`;

/**
 * The @handle of an X (Twitter) profile address, for twitter:site and twitter:creator
 * (https://twitter.com/eliasvarros is @eliasvarros). Throws on an address without an account, so
 * a wrong link in content/site.json stops the build.
 */
export function twitterHandle(profileUrl: string): string {
  const [account] = new URL(profileUrl).pathname.split('/').filter(Boolean);
  if (!account) throw new Error(`content/site.json socialLinks.twitter names no account: ${profileUrl}`);
  return `@${account}`;
}

const SEPARATOR = ' — ';

/** The card's alternative text: what it shows, the title and then the subtitle. */
export const cardAlt = (title: string, subtitle: string) => (subtitle ? `${title}${SEPARATOR}${subtitle}` : title);

/** The subtitle back out of the alternative text, given the title (which may itself contain the separator). */
export function subtitleFromAlt(title: string, alt: string): string {
  const prefix = `${title}${SEPARATOR}`;
  return alt.startsWith(prefix) ? alt.slice(prefix.length) : '';
}

/**
 * Breaks text into at most `maxLines` lines of about `maxChars` characters at spaces; what does
 * not fit ends in an ellipsis. SVG text does not wrap by itself.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,.;:—–-]+$/, '')}…`;
  return kept;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text column: from x = 80 to the carob's crown. Glyphs average about half an em in these faces. */
const TEXT_WIDTH = 800;

/** The fonts the card names; the renderer provides them from the site's own font files. */
export const CARD_FONTS = { title: 'Fraunces', subtitle: 'Literata' } as const;

/** The card: the night hillside and the carob of the cover, the page's title and subtitle beside it. */
export function ogCardSvg({ title, subtitle }: { title: string; subtitle: string }): string {
  const titleSize = title.length <= 18 ? 88 : title.length <= 36 ? 72 : 58;
  const titleLines = wrapText(title, Math.floor(TEXT_WIDTH / (titleSize * 0.52)), 3);
  const subtitleSize = 32;
  const subtitleLines = subtitle ? wrapText(subtitle, Math.floor(TEXT_WIDTH / (subtitleSize * 0.5)), 3) : [];
  const titleLead = Math.round(titleSize * 1.08);
  const blockHeight = titleLines.length * titleLead + (subtitleLines.length ? 24 + subtitleLines.length * 44 : 0);
  // Centre the text block between the eyebrow and the hill.
  let y = Math.max(190, Math.round(150 + (360 - blockHeight) / 2)) + titleSize;
  const tspans: string[] = [];
  for (const line of titleLines) {
    tspans.push(
      `<text x="80" y="${y}" font-family="${CARD_FONTS.title}" font-size="${titleSize}" font-weight="600" fill="#f8f5ee">${escapeXml(line)}</text>`,
    );
    y += titleLead;
  }
  y += 24 + subtitleSize - titleLead + titleSize * 0.25;
  for (const line of subtitleLines) {
    tspans.push(
      `<text x="80" y="${Math.round(y)}" font-family="${CARD_FONTS.subtitle}" font-size="${subtitleSize}" font-style="italic" fill="#efe8d8">${escapeXml(line)}</text>`,
    );
    y += 44;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#15171b"/><stop offset="0.6" stop-color="#2c3440"/>
      <stop offset="0.85" stop-color="#b86a3c"/><stop offset="1" stop-color="#f2c57c"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6d8"/><stop offset="0.4" stop-color="#f2c57c" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#f2c57c" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="veil" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#15171b" stop-opacity="0.55"/><stop offset="0.75" stop-color="#15171b" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <path d="M0 520 Q600 500 1200 520 L1200 630 L0 630 Z" fill="#1d4a55" opacity="0.85"/>
  <path d="M640 630 C780 520 920 470 1040 490 C1100 500 1150 520 1200 540 L1200 630 Z" fill="#15171b"/>
  <g fill="#15171b" transform="translate(130 0)">
    <path d="M906 500 C904 455 898 425 884 392 L894 389 C908 420 914 452 916 500 Z"/>
    <ellipse cx="908" cy="350" rx="120" ry="72"/><ellipse cx="846" cy="372" rx="66" ry="42"/>
    <ellipse cx="972" cy="370" rx="70" ry="44"/><ellipse cx="910" cy="300" rx="78" ry="46"/>
  </g>
  <circle cx="1040" cy="502" r="44" fill="url(#glow)"/><circle cx="1040" cy="502" r="5" fill="#fff6d8"/>
  <rect width="900" height="630" fill="url(#veil)"/>
  <text x="80" y="110" font-family="${CARD_FONTS.title}" font-size="26" font-weight="600" letter-spacing="6" fill="#f2c57c">GENESIS · ELIAS VARROS</text>
  ${tspans.join('\n  ')}
</svg>`;
}
