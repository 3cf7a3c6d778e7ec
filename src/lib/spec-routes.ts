/**
 * Every fixed route of the site, in one list. Content that links inside
 * the site (explorer portals' curated links, for a start) is validated against this list rather
 * than against files under src/pages, because several areas of the site are built in parallel:
 * a path here is a promise that the route exists in the finished site.
 *
 * `/explorer/:explorerTypeName` is parametric: see `explorerPath()` in ./quiz.
 */
export const specRoutes = [
  '/',
  '/book',
  '/about',
  '/community',
  '/press-media-kit',
  '/curious-mind-quiz',
  '/privacy-policy',
  '/terms-of-use',
  '/cookie-notice',
  '/submission-guidelines',
  '/creators-epilogue',
  '/meta-narrative',
  '/early-access-signup',
  '/gift-essay',
  '/authors-statement',
  '/authors-craft',
  '/testimonials',
  '/engage',
  '/legacy-letter',
  '/ai-collaboration-reflection',
  '/book-summary',
  '/carob-sentinel',
  '/thematic-depth-guide',
  '/essays',
  '/essays/philosophy/golden-age',
  '/essays/philosophy/decline-gathering',
  '/essays/philosophy/only-voice',
  '/line-bank',
  '/firstlight',
  '/forum',
  '/coverstory',
  '/fieldnotes',
  '/mota',
] as const;

export type SpecRoute = (typeof specRoutes)[number];

const known: ReadonlySet<string> = new Set(specRoutes);

/** True when `path` is one of the site's fixed routes (no query, no fragment, no trailing slash). */
export function isSpecRoute(path: string): path is SpecRoute {
  return known.has(path);
}
