/**
 * Social cards (Open Graph / Twitter): one image per section of the site, drawn at build from
 * the site's art (src/pages/og/[section].png.ts). Every page gets its section's card.
 */
export interface OgSection {
  slug: string;
  title: string;
  subtitle: string;
}

export const ogSections: OgSection[] = [
  { slug: 'home', title: 'Genesis', subtitle: 'A shepherd, a machine, and one carob tree' },
  { slug: 'book', title: 'The Book', subtitle: 'Genesis, a novel by Elias Varros' },
  { slug: 'author', title: 'Elias Varros', subtitle: 'The author, his statement and his craft' },
  { slug: 'writings', title: 'Writings', subtitle: 'Essays, reflections and the Line Bank' },
  { slug: 'community', title: 'Community', subtitle: 'Field notes, the Carob Forum and M.O.T.A.' },
  { slug: 'quiz', title: 'The Curious Mind', subtitle: 'Four questions, eight ways of reading the world' },
  { slug: 'site', title: 'Genesis', subtitle: 'The website of the novel and its author' },
];

const rules: [RegExp, string][] = [
  [/^\/$/, 'home'],
  [/^\/(book|book-summary|testimonials|coverstory|thematic-depth-guide|carob-sentinel|meta-narrative|firstlight|early-access-signup)$/, 'book'],
  [/^\/(about|authors-statement|authors-craft|legacy-letter|ai-collaboration-reflection|press-media-kit|creators-epilogue|gift-essay)$/, 'author'],
  [/^\/(essays|line-bank)(\/|$)/, 'writings'],
  [/^\/(community|fieldnotes|forum|mota|engage|submission-guidelines)$/, 'community'],
  [/^\/(curious-mind-quiz|explorer)(\/|$)/, 'quiz'],
];

export function ogSectionFor(path: string): OgSection {
  const slug = rules.find(([pattern]) => pattern.test(path))?.[1] ?? 'site';
  return ogSections.find((s) => s.slug === slug)!;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The card: the night hillside and the carob of the cover, the section's title beside it. */
export function ogCardSvg({ title, subtitle }: OgSection): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#15171b"/><stop offset="0.6" stop-color="#2c3440"/>
      <stop offset="0.85" stop-color="#b86a3c"/><stop offset="1" stop-color="#f2c57c"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6d8"/><stop offset="0.4" stop-color="#f2c57c" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#f2c57c" stop-opacity="0"/>
    </radialGradient>
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
  <text x="80" y="120" font-family="Georgia, 'DejaVu Serif', serif" font-size="26" letter-spacing="6" fill="#f2c57c">GENESIS · ELIAS VARROS</text>
  <text x="80" y="300" font-family="Georgia, 'DejaVu Serif', serif" font-size="80" font-weight="bold" fill="#f8f5ee">${escapeXml(title)}</text>
  <text x="80" y="370" font-family="Georgia, 'DejaVu Serif', serif" font-size="34" font-style="italic" fill="#efe8d8">${escapeXml(subtitle)}</text>
</svg>`;
}
