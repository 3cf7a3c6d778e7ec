/**
 * The site's header and What's New banner (BaseLayout): the bars around every page's text, at the
 * top of the screen. A link in them is no guide to the page the reader is reading (next-page.ts),
 * and a toast must not lie over their controls (the Toaster).
 */
export const SITE_CHROME = 'body > header, [data-whats-new]';
