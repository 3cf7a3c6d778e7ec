// What the reader benchmark presses: every interactive part of the site (each island and each
// plain script), with the input a reader gives it and the answer that reader then sees, and the
// key routes with the internal link tapped on each. Checks (`answer`, `pending`) run in the page
// (see bench/reader.mjs): `window.__bench.shown(selector, text)`, `.toast(text)`, `.dialog()`,
// `.tab(name)` and `.changed(read)` are the probe's; a string is an expression the page runs
// when watching starts, which makes the check.
//
// `target` is what the reader presses (tapped, unless `act` says otherwise; `prepare` fills a form
// first, untimed). `kind` sets the target time: 'local' answers without the server, 'server'
// needs a round trip (and shows a pending state meanwhile), 'navigation' ends in another page's
// first paint. `next` are further presses on the same page, timed after the first. `target`,
// `prepare` and `act` take a puppeteer page (bench/reader.mjs); `target` resolves to the
// element, found as a reader finds it: by its role and name where it has them. `shareSheet:
// false` reads the part in a browser with no share sheet (the reader's phone has one).

import { KONAMI_SEQUENCE } from '../src/lib/konami.ts';

const ESSAY = '/essays/philosophy/golden-age';

/** CSS for the elements of each role the parts press, as the browser gives them that role. */
const ROLES = {
  button: 'button, [role="button"], input[type="submit"], input[type="button"]',
  tab: '[role="tab"]',
  group: '[role="group"], fieldset',
  list: 'ul, ol, [role="list"]',
  searchbox: 'input[type="search"], [role="searchbox"]',
};
/**
 * Finds, in the page, the first element of `role` whose name (its aria-label, else its label's
 * text, else its own) is `name` (or, `exact` false, contains it) and is rendered, as a reader finds it; `within` names
 * one to search inside. The page's own DOM is read, not the accessibility tree, which leaves out
 * what content-visibility skips below the screen.
 */
function findByRole({ role, name, exact = true, within, nth = 0 }) {
  const nameOf = (el) =>
    (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const matches = (el, query) =>
    !query.name || (query.exact === false ? nameOf(el).includes(query.name) : nameOf(el) === query.name);
  const all = (root, query) =>
    [...root.querySelectorAll(query.css)].filter((el) => matches(el, query) && el.checkVisibility());
  const root = within ? all(document, within)[0] : document;
  return root ? (all(root, { css: role, name, exact })[nth] ?? null) : null;
}
/**
 * The element `query` names (findByRole; `role` is a ROLES key or a CSS selector), once it is
 * rendered.
 */
export const find =
  ({ role, within, ...query }) =>
  async (page) =>
    (
      await page.waitForFunction(
        findByRole,
        {},
        {
          ...query,
          role: ROLES[role] ?? role,
          within: within && { ...within, css: ROLES[within.role] ?? within.role },
        },
      )
    ).asElement();
/** The field whose label contains `label`, tapped, as a reader starts to fill it. */
const tapField = async (page, label) => {
  const field = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('label')].find((l) => l.textContent.includes(text) && l.control?.checkVisibility())
        ?.control ?? null,
    {},
    label,
  );
  await field.asElement().tap();
};
const button = (name) => find({ role: 'button', name });
/** Taps a field and types into it, as a reader fills a form. */
const typeInto = (label, text) => async (page) => {
  await tapField(page, label);
  await page.keyboard.type(text);
};
/**
 * Typing that is timed goes at a fast typist's pace, a key every 100 ms: all at once, in a few
 * milliseconds, no reader's page would get the moments a reader's typing gives it (the Konami
 * sequence's page fetched from its first left arrow, search loading as the word is typed).
 */
const KEY_INTERVAL_MS = 100;
const pressKeys = async (page, keys) => {
  for (const [i, key] of keys.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, KEY_INTERVAL_MS));
    await page.keyboard.press(key);
  }
};
const typeAtPace = (label, text) => async (page) => {
  await tapField(page, label);
  await pressKeys(page, [...text]);
};
/** The forum's post, as a reader writes one and sends it. */
const POST_A_MESSAGE = {
  kind: 'server',
  prepare: typeInto('Your message', 'Read on a slow phone, and it kept up.'),
  target: button('Post to the Forum'),
  pending: () => window.__bench.shown('button', 'Posting…'),
  answer: () => window.__bench.toast('Post Submitted'),
};
const firstAnswer = find({ role: 'button', within: { role: 'list', name: 'Your answer', exact: false } });

const quizSteps = [2, 3, 4].map((number) => ({
  name: 'Quiz: an answer, the next question',
  kind: 'local',
  target: firstAnswer,
  answer: `() => window.__bench.shown('section p', 'Question ${number} of')`,
}));

export const PARTS = [
  // Every page's header and footer, on a reading page (no island runs before a press).
  {
    name: 'Header: Menu',
    route: ESSAY,
    kind: 'local',
    target: find({ role: 'header summary', name: 'Menu' }),
    answer: () => window.__bench.shown('header details[open] nav a', 'Engage Hub'),
  },
  {
    name: 'Header: Search',
    route: ESSAY,
    kind: 'local',
    target: button('Search'),
    answer: () => window.__bench.dialog('Search the site'),
    next: [
      {
        // Search never used on the page: Pagefind's files come from the server after the first
        // sign of intent; timed from the first key to the first results shown.
        name: 'Search: first key to first results',
        kind: 'searchFirst',
        target: find({ role: 'searchbox' }),
        act: typeAtPace('Search essays', 'carob'),
        answer: () => window.__bench.shown('dialog[open] [role="status"]', '”'),
        pending: () => window.__bench.shown('dialog[open] [role="status"]', 'Searching'),
      },
      {
        name: 'Search: a later key to its results',
        kind: 'searchLater',
        act: (page) => pressKeys(page, [...' tree']),
        mode: 'last',
        answer: () => window.__bench.shown('dialog[open] [role="status"]', '“carob tree”'),
      },
    ],
  },
  {
    name: 'Header: theme switch',
    route: ESSAY,
    kind: 'local',
    target: button('Dark theme'),
    answer: 'window.__bench.changed(() => getComputedStyle(document.body).backgroundColor)',
  },
  {
    // A reading page runs no React before a press: its first toast may take longer. On a phone
    // Share opens the share sheet; this is a browser without one, where Share copies the link
    // and is timed by that toast.
    name: 'Essay: Share (link copied)',
    route: ESSAY,
    kind: 'local',
    goal: 'readingToast',
    shareSheet: false,
    target: button('Share'),
    answer: () => window.__bench.toast('Copied to clipboard!'),
  },
  {
    name: 'Konami code (to /firstlight)',
    route: ESSAY,
    kind: 'navigation',
    mode: 'last',
    act: (page) => pressKeys(page, KONAMI_SEQUENCE),
    arrives: (url) => url.pathname === '/firstlight',
  },
  {
    name: "What's New: Dismiss",
    route: '/privacy-policy',
    kind: 'local',
    target: button('Dismiss'),
    answer: () => !window.__bench.shown('aside', 'Dismiss'),
  },
  {
    name: 'Footer: tagline dialog',
    route: '/privacy-policy',
    kind: 'local',
    target: button('Learn. Adapt. Evolve.'),
    answer: () => window.__bench.dialog(),
  },
  // Home.
  {
    name: 'Home: Start Here guide',
    route: '/',
    kind: 'local',
    target: find({ role: 'button', name: 'Start Here', exact: false }),
    answer: () => window.__bench.dialog('Welcome, Curious Mind'),
  },
  {
    name: 'Home: endorsement dialog',
    route: '/',
    kind: 'local',
    target: find({ role: 'main button[aria-haspopup="dialog"]' }),
    answer: () => window.__bench.dialog(),
  },
  {
    name: 'Pulse carousel: Next quote',
    route: '/',
    kind: 'local',
    target: button('Next quote'),
    answer: () => window.__bench.shown('[aria-roledescription="slide"][aria-label^="2 of"]'),
    next: [
      {
        name: 'Pulse carousel: a dot',
        kind: 'local',
        target: button('Show quote 4'),
        answer: () => window.__bench.shown('[aria-roledescription="slide"][aria-label^="4 of"]'),
      },
    ],
  },
  // The book's pages.
  {
    name: 'Book: a tab',
    route: '/book',
    kind: 'local',
    target: find({ role: 'tab', name: 'Editorial Praise', exact: false }),
    answer: () => window.__bench.tab('Editorial Praise'),
  },
  {
    name: 'Cover story: Pause the echoes',
    route: '/coverstory',
    kind: 'local',
    target: button('Pause the echoes'),
    answer: () => window.__bench.shown('[data-echo-toggle]', 'Play the echoes'),
  },
  // Line Bank.
  {
    name: 'Line Bank: a chip',
    route: '/line-bank',
    kind: 'local',
    target: find({ role: 'button', within: { role: 'group', name: 'Filter lines by category', exact: false }, nth: 1 }),
    answer: () =>
      document.querySelectorAll('[aria-label="Filter lines by category"] button')[1]?.getAttribute('aria-pressed') ===
      'true',
  },
  {
    name: 'Line Bank: Copy',
    route: '/line-bank',
    kind: 'local',
    target: find({ role: 'button', name: 'Copy', exact: false }),
    answer: () => window.__bench.toast('Copied to clipboard!'),
  },
  // The quiz and the explorer portals.
  {
    name: 'Quiz: Begin the Quiz',
    route: '/curious-mind-quiz',
    kind: 'local',
    target: button('Begin the Quiz'),
    answer: () => window.__bench.shown('section p', 'Question 1 of'),
    next: [
      ...quizSteps,
      {
        name: 'Quiz: the last answer',
        kind: 'local',
        target: firstAnswer,
        answer: () => window.__bench.shown('h2', 'Reading your answers'),
      },
    ],
  },
  {
    name: 'Explorer: Take Quiz Again',
    route: '/explorer/illuminator',
    kind: 'navigation',
    target: button('Take Quiz Again'),
    arrives: (url) => url.pathname === '/curious-mind-quiz',
  },
  // The forum.
  {
    // A reader's post, as most are, the page's first toast: the toast area draws a toast for the
    // first time (after Post with no message, below, it has drawn one already).
    name: 'Forum: post a message, the first toast',
    route: '/forum',
    ...POST_A_MESSAGE,
  },
  {
    name: 'Forum: Post with no message',
    route: '/forum',
    kind: 'local',
    target: button('Post to the Forum'),
    answer: () => window.__bench.toast('Empty Post'),
    next: [
      {
        name: 'Forum: post a message',
        ...POST_A_MESSAGE,
      },
      {
        name: 'Forum: Dialogue Scroll tab',
        kind: 'local',
        target: find({ role: 'tab', name: 'Dialogue Scroll', exact: false }),
        answer: () => window.__bench.tab('Dialogue Scroll'),
      },
      {
        name: 'Forum: an earlier page',
        kind: 'server',
        target: find({ role: 'button', name: 'Earlier', exact: false }),
        pending: () => window.__bench.shown('[role="status"]', 'Gathering the conversation'),
        answer: () => window.__bench.shown('p', ', page '),
      },
    ],
  },
  // The registry.
  {
    name: 'Registry: Submit New Idea',
    route: '/mota',
    kind: 'local',
    target: button('Submit New Idea'),
    answer: () => window.__bench.dialog('Submit New Idea'),
    next: [
      {
        name: 'Registry: submit an idea',
        kind: 'server',
        prepare: async (page) => {
          await typeInto('Issue/Problem', 'Lamps that dim when the phone is slow.')(page);
          await typeInto('Mitigation/Proposed Solution', 'Answer the reader first.')(page);
        },
        target: button('Submit Idea'),
        pending: () => window.__bench.shown('button', 'Submitting…'),
        answer: () => window.__bench.toast('Idea Submitted!'),
      },
    ],
  },
  {
    name: 'Registry: Random Idea',
    route: '/mota',
    kind: 'server',
    target: button('Random Idea'),
    pending: () => window.__bench.shown('button:disabled', 'Random Idea'),
    answer: () => window.__bench.toast('Random Idea:'),
  },
  {
    name: 'Registry: Export CSV',
    route: '/mota',
    kind: 'server',
    target: button('Export CSV'),
    pending: () => window.__bench.shown('button', 'Exporting…'),
    answer: () => window.__bench.toast('Data exported to CSV!'),
    next: [
      {
        name: 'Registry: an older page',
        kind: 'server',
        target: find({ role: 'button', name: 'Older', exact: false }),
        pending: () => window.__bench.shown('[role="status"]', 'Opening the registry'),
        // The second page's summary ("Ideas 21–40 of …"), whatever a page holds.
        answer: () =>
          /^Ideas (?!1–)/.test(document.querySelector('[data-summary]')?.textContent ?? '') &&
          window.__bench.shown('[data-summary]'),
      },
    ],
  },
  {
    name: 'Registry: filter',
    route: '/mota',
    kind: 'server',
    target: find({ role: 'searchbox', name: 'Filter the registry', exact: false }),
    act: typeAtPace('Filter the registry', 'lantern'),
    mode: 'last',
    pending: () => window.__bench.shown('[role="status"]', 'Opening the registry'),
    answer: () => window.__bench.shown('p', 'matching “lantern”'),
  },
  {
    name: 'Registry: Founding Vision dialog',
    route: '/mota',
    kind: 'local',
    target: button('The Founding Vision'),
    answer: () => window.__bench.dialog(),
  },
  // The sign-up forms.
  {
    name: 'First Light: Send My Signal',
    route: '/firstlight',
    kind: 'local',
    prepare: typeInto('Your email address', 'reader@example.com'),
    target: button('Send My Signal'),
    answer: () => window.__bench.toast('Signal Received!'),
  },
  {
    name: 'Early access: Get Early Access',
    route: '/early-access-signup',
    kind: 'local',
    prepare: typeInto('Your email address', 'reader@example.com'),
    target: button('Get Early Access'),
    answer: () => window.__bench.toast('Welcome!'),
  },
];

/**
 * The key routes: their paints as built and their floor's, the bytes of their first seconds (held
 * to a budget on the pages a reader reads, `reading`), the JavaScript they load, and an internal
 * link tapped on each.
 */
export const ROUTES = [
  { route: '/', link: 'main a[href="/book"]', reading: true },
  { route: '/book', link: 'main a[href="/book-summary"]', reading: true },
  { route: ESSAY, link: 'main a[href="/essays/philosophy/only-voice"]', reading: true },
  { route: '/about', link: 'main a[href="/authors-statement"]', reading: true },
  { route: '/line-bank', link: 'main a[href="/submission-guidelines"]' },
  { route: '/curious-mind-quiz', link: 'header a[href="/"]' },
  { route: '/explorer/illuminator', link: 'main a[href="/essays"]' },
  { route: '/forum', link: 'main a[href="/submission-guidelines"]' },
  { route: '/mota', link: 'main a[href="/submission-guidelines"]' },
  { route: '/privacy-policy', link: 'main a[href="/terms-of-use"]', reading: true },
];

/**
 * Key routes named on the command line (`--routes`), for a build that is not this site (another
 * theme compared with ours): `home=/,post=/posts/one/,about=/about/`, or bare paths. Each is a
 * reading page; no link is tapped on them. Named alike for two sites, their figures line up in
 * `--compare`.
 */
export const routesFrom = (list) =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [name, route] = item.includes('=') ? item.split('=') : [item, item];
      return { name, route, reading: true };
    });
