/**
 * The public path of a built page. With `build.format: 'file'` Astro reports pages as
 * '/book.html' and the home page as '/index.html'; visitors and crawlers see '/book' and '/'.
 */
export function publicPath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/(.)\/$/, '$1');
  return path === '' ? '/' : path;
}
