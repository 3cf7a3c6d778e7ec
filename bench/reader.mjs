// The reader's side of `npm run bench`: a phone-sized Chromium with Chromium's own throttling
// (DevTools protocol: the CPU slowed by the rate bench/calibrate.mjs found for the phone, 150 ms
// round trip, 1.6 Mbit/s down, 750 kbit/s up; touch at 390 px) and a fresh profile for every page
// load, and the measurements taken in it: the time from an input to the first frame that shows
// its answer, a route's first and largest contentful paint (also with its scripts, fonts and
// speculation refused: its floor) and the bytes it fetches in its first seconds, and the time from
// a tap on a link to the next page's first paint.
//
// Driven through puppeteer, which attaches to the browser's tab. Chromium refuses to prerender
// while a DevTools session is attached straight to the page, as Playwright's is; through the tab
// it prerenders as on a phone, so the bench sees both a prerendered page's speed and what drawing
// one costs the presses made meanwhile. The page's throttling carries over to a page a prerender
// activates.
//
// How "the first frame that shows the answer" is found. The input's time is the event's own
// timeStamp (touchend for a tap: the finger lifting, from which the browser makes the click;
// keydown for a key), stamped by the browser when the input arrived, so a busy main thread cannot
// hide the wait. Not touchstart: a real finger rests on the glass before it lifts, and timed from
// the landing every tap would count that rest. Puppeteer lifts at once, so the page may still be
// handling the landing (pointerdown, touchstart) when the lift is stamped; a tap held until it was
// handled measured the same (bench/README.md, "Measured for decisions"). From just before the
// input, a script in the page checks the answer (a condition on what is on screen: a dialog's
// heading visible, a toast with its words, a chip pressed) once per animation frame, in
// requestAnimationFrame, which runs right before the browser renders the frame: the first check
// that passes is in the first frame whose rendering includes the answer. A task posted from that
// callback at user-blocking priority runs once the frame's style, layout and paint are done; its
// time is the answer's. What is left out is the compositor's last step to the screen, at most one
// frame. Polling per frame rather than on DOM changes also sees answers that change no DOM (a toast
// fading in is shown from the first frame its opacity is above 0). The Event Timing API was not
// enough on its own: it ends at the next paint after the event's handlers, but many answers come
// later (a toast after the clipboard's promise, a dialog once its code has loaded, a row once the
// server has answered).
//
// Everything observed is what a reader sees (roles, visible text, open dialogs), never the
// site's own loading machinery, so the bench measures any build of the site the same way.
import { devices } from '@playwright/test';
import puppeteer from 'puppeteer-core';

/** The phone's network and screen; its CPU is calibrated per host (bench/calibrate.mjs). */
export const PROFILE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  width: 390,
  height: 844,
};

/**
 * Runs in every document before the page's own scripts: stamps inputs and checks answers.
 * Must stay self-contained (puppeteer sends its source to the page).
 */
export function probe() {
  const INPUT_KEY = 'bench:input';
  let watch = null;

  const onInput = (event) => {
    if (!watch || watch.finished) return;
    watch.inputs.push(event.timeStamp);
    // Typing is timed from its last key: a pending state counts only once seen after that key.
    if (watch.mode === 'last') watch.pendingAt = undefined;
    // A navigation ends this document: the next one reads the input's wall-clock time here.
    if (watch.crossDocument && (watch.mode === 'last' || watch.inputs.length === 1)) {
      sessionStorage.setItem(INPUT_KEY, String(performance.timeOrigin + event.timeStamp));
    }
  };
  // A tap ends with touchend, a key starts with keydown: one stamp per press.
  for (const type of ['touchend', 'keydown']) addEventListener(type, onInput, { capture: true, passive: true });

  const afterFrame = (callback) =>
    globalThis.scheduler?.postTask
      ? globalThis.scheduler.postTask(callback, { priority: 'user-blocking' })
      : setTimeout(callback, 0);

  /** Some element matching `selector` (with `text` in it) is rendered and not transparent. */
  const shown = (selector, text) => {
    for (const element of document.querySelectorAll(selector)) {
      if (text !== undefined && !element.textContent.includes(text)) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 1 && box.height > 1) return true;
    }
    return false;
  };
  /** A toast with these words is on screen (the notifications region, as sonner names it). */
  const toast = (text) => shown('section[aria-label^="Notifications"] li', text);
  /** A modal dialog is open and its heading shows. */
  const dialog = (heading) => shown('dialog[open] h2, [role="dialog"] h2', heading);
  /** A check that passes once `read()` answers differently from now. */
  const changed = (read) => {
    const before = read();
    return () => read() !== before;
  };
  /** The tab named `name` is selected and only its panel shows. */
  const tab = (name) => {
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    const chosen = tabs.find((t) => t.textContent.includes(name));
    if (chosen?.getAttribute('aria-selected') !== 'true') return false;
    return tabs.every((t) => {
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
      return !panel || (t === chosen) === panel.checkVisibility();
    });
  };

  window.__bench = {
    shown,
    toast,
    dialog,
    tab,
    changed,
    /**
     * Starts watching for `answer` (and `pending`, a visible sign of waiting) after the next
     * input. `mode`: 'first' times from the first input (a tap), 'last' from the last one before
     * the answer (typing). Resolves { inputAt, answerAt, pendingAt } in this page's clock.
     */
    watch(answer, { pending = null, mode = 'first' } = {}) {
      if (answer()) throw new Error('the answer is on screen before the input');
      const current = { inputs: [], mode, crossDocument: false, finished: false };
      watch = current;
      current.result = new Promise((resolve) => {
        const frame = () => {
          const count = current.inputs.length;
          if (count) {
            if (pending && current.pendingAt === undefined && pending()) {
              current.pendingAt = null;
              afterFrame(() => {
                const sameInput = mode !== 'last' || current.inputs.length === count;
                if (sameInput && current.pendingAt === null) current.pendingAt = performance.now();
              });
            }
            if (answer()) {
              current.finished = true;
              afterFrame(() => {
                const answerAt = performance.now();
                resolve({
                  inputAt: mode === 'last' ? current.inputs.at(-1) : current.inputs[0],
                  answerAt,
                  pendingAt: current.pendingAt || answerAt,
                  loadedAt: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
                });
              });
              return;
            }
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    },
    /** Stamps the next input for the page it leads to (a link, the Konami code). */
    watchNavigation(mode = 'first') {
      sessionStorage.removeItem(INPUT_KEY);
      watch = { inputs: [], mode, crossDocument: true, finished: false };
    },
    result: () => watch.result,
    /** In the page a navigation led to: from the stamped input to this page's first contentful paint. */
    arrival: () =>
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          const paint = list.getEntriesByName('first-contentful-paint')[0];
          if (!paint) return;
          observer.disconnect();
          const input = Number(sessionStorage.getItem(INPUT_KEY));
          // How the page came: 'prerender' when activated from one, else how it was fetched
          // (a link's page fetched ahead is a 'navigational-prefetch').
          const entry = performance.getEntriesByType('navigation')[0];
          const via = entry?.activationStart > 0 ? 'prerender' : entry?.deliveryType || 'network';
          resolve({ ms: input ? performance.timeOrigin + paint.startTime - input : null, fcpMs: paint.startTime, via });
        }).observe({ type: 'paint', buffered: true });
      }),
    /** Waits in this page until `ms` after its load event ended. */
    afterLoad: (ms) =>
      new Promise((resolve) => {
        const loaded = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? performance.now();
        setTimeout(resolve, Math.max(0, loaded + ms - performance.now()));
      }),
  };
}

/**
 * The Chromium the reader uses, headless. `shareSheet`: every document in it has the Web Share
 * API, as a phone's browser does, a page prerendered from another included, where puppeteer runs
 * none of the scripts openReader adds (without it, a prerendered essay fetched the toast area's
 * code, which a phone with a share sheet never asks for). Chromium on Linux has the API only
 * behind this flag, and no share sheet behind it: a call ends the page, so openReader puts one
 * that answers in front of it on every page it opens (phoneShareSheet).
 */
export const launchReaderBrowser = ({ executablePath, args, shareSheet = false }) =>
  puppeteer.launch({
    executablePath,
    args: shareSheet ? [...args, '--enable-blink-features=WebShare'] : args,
    headless: true,
  });

/**
 * A phone's browser has a share sheet (the Web Share API), which headless Chromium on Linux lacks
 * (behind launchReaderBrowser's flag it has the API, with nothing behind it); a page that adapts
 * to it (Share, which raises no toast there) is read as on a phone with one that takes what it is
 * given, as a sheet the reader then closes.
 */
function phoneShareSheet() {
  Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: () => Promise.resolve() });
}

/** A browser without a share sheet, where Share copies the link and says so in a toast. */
function noShareSheet() {
  delete Navigator.prototype.share;
}

/**
 * A new browser context (a fresh profile: no cache, no storage) with one page, throttled as a
 * phone on a slow mobile network: its CPU slowed `cpuRate` times (Emulation.setCPUThrottlingRate).
 * `shareSheet` false: the browser has none (a part timing what a browser without one shows).
 */
export async function openReader(browser, origin, { cpuRate, shareSheet = true }) {
  const context = await browser.createBrowserContext();
  // Copy and Share write to the clipboard, as a visitor's browser lets a page after a tap.
  await context.overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  const page = await context.newPage();
  const phone = devices['Pixel 7'];
  await page.setUserAgent({ userAgent: phone.userAgent });
  // A phone's screen and touch, without DevTools' mobile mode: under it a page prerendered from
  // this one was laid out 980 px wide until opened (the override reaches no prerendered page),
  // so whatever it laid out while drawn was thrown away as it opened at 390. The pages set their
  // width to the device's, so the mode changes nothing else here: the pages, drawn ahead or not,
  // see 390 × 844, no hover, a coarse pointer and touch events, as on a phone.
  await page.setViewport({
    width: PROFILE.width,
    height: PROFILE.height,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: false,
    hasTouch: true,
  });
  await page.emulateCPUThrottling(cpuRate);
  await page.emulateNetworkConditions({
    offline: false,
    latency: PROFILE.latencyMs,
    download: PROFILE.downloadBitsPerSecond / 8,
    upload: PROFILE.uploadBitsPerSecond / 8,
  });
  await page.evaluateOnNewDocument(probe);
  await page.evaluateOnNewDocument(shareSheet ? phoneShareSheet : noShareSheet);
  page.setDefaultTimeout(10_000);
  return { context, page };
}

// A press with nothing on screen this long after it has no answer (a press lost before the page
// listened for it, say): it counts as a miss.
const ANSWER_TIMEOUT_MS = 6000;

export function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what}: no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)),
        ANSWER_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A check as source for the page: a function (sent as its source, so it may use only the page's
 * globals), or a string, an expression run in the page when watching starts that makes the check
 * (for a check comparing with what was on screen then).
 */
const source = (check) => (typeof check === 'string' ? check : check ? `(${check.toString()})` : 'null');

/**
 * Times one press: watches for `answer` (and `pending`), does `act`, and returns the input-to-frame
 * times in ms, with when the input came (ms after the load event).
 */
export async function timePress(page, { act, answer, pending, mode = 'first' }) {
  await page.evaluate(`window.__bench.watch(${source(answer)}, { pending: ${source(pending)}, mode: '${mode}' })`);
  await act(page);
  const r = await withTimeout(page.evaluate('window.__bench.result()'), 'press');
  return { ms: r.answerAt - r.inputAt, pendingMs: r.pendingAt - r.inputAt, afterLoadMs: r.inputAt - r.loadedAt };
}

/**
 * Does `act`, an input that may open a prerendered page: that ends the page it was given in
 * under puppeteer's call (TargetCloseError), which is no failure.
 */
export const actLeavingThePage = (act) =>
  act().catch((error) => {
    if (error?.name !== 'TargetCloseError') throw error;
  });

/**
 * Resolves once the reader's page is at an address `arrives` accepts, or `waiting()` turns false.
 * The page object follows a prerendered page as it is opened: its address says when it has come.
 */
export async function untilArrived(page, arrives, waiting = () => true) {
  while (waiting() && !arrives(new URL(await page.evaluate('location.href').catch(() => 'about:blank')))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Times an input that leads to another page, from the input to that page's first contentful
 * paint; `via` says how the page came (prerender, navigational-prefetch, cache or network).
 */
export async function timeNavigation(page, { act, arrives, mode = 'first' }) {
  await page.evaluate(`window.__bench.watchNavigation('${mode}')`);
  await actLeavingThePage(() => act(page));
  // Puppeteer runs no script on a prerendered page's new document, so the probe is added once it
  // has come; what it reads (the paint entries, the input's time) is kept by the page.
  let waiting = true;
  const arrival = async () => {
    await untilArrived(page, arrives, () => waiting);
    if (!(await page.evaluate('Boolean(window.__bench)'))) await page.evaluate(probe);
    return page.evaluate('window.__bench.arrival()');
  };
  try {
    return await withTimeout(arrival(), 'navigation');
  } finally {
    waiting = false;
  }
}

/** Runs in the page: whether the element shows within the viewport, unscrolled. */
function inViewport(element) {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
}

/**
 * On a loaded page, waits for the moment of a first press in `scenario` (bench.mjs's measurePart)
 * and scrolls the part into view with `scroll`; resolves whether it was on the first screen.
 */
export async function reachPart(page, target, scroll, scenario, afterLoadMs) {
  const onFirstScreen = !target || (await target.evaluate(inViewport).catch(() => false));
  const afterLoad = () => page.evaluate(`window.__bench.afterLoad(${afterLoadMs})`);
  if (scenario === 'afterLoad') {
    if (!onFirstScreen) await scroll();
    await afterLoad();
  } else if (!onFirstScreen) {
    await afterLoad();
    await scroll();
  }
  return onFirstScreen;
}

/** Opens `url` in the page and waits for its load event, and `afterLoadMs` after it. */
export async function load(page, url, afterLoadMs = 0) {
  await page.goto(url, { waitUntil: 'load' });
  if (afterLoadMs) await page.evaluate(`window.__bench.afterLoad(${afterLoadMs})`);
}

/** What the floor refuses by address: scripts, module preloads and fonts, wherever they come from. */
const FLOOR_BLOCKED = ['*.js', '*.mjs', '*.woff2', '*.woff', '*.ttf', '*.otf'];

/**
 * Makes `page`'s next loads its floor: the page's own HTML and CSS alone. Scripting is off, which
 * refuses inline scripts and Speculation Rules with them (a rule is a script element), and the
 * addresses of scripts and fonts are refused, which stops their preloads too.
 */
export async function refuseAllButHtmlAndCss(page, cdp) {
  await page.setJavaScriptEnabled(false);
  await cdp.send('Network.setBlockedURLs', { urls: FLOOR_BLOCKED });
}

/**
 * Records a load of `page` from before its navigation, through the DevTools protocol only, so that
 * it reads a page with scripting off as it reads one with it on (a PerformanceObserver's callback
 * cannot run in a page without scripting). Resolves { cdp, paints(), bytesWithin(seconds), startedAt() }:
 * - paints(): the first contentful paint (the page's own entry) and the largest contentful paint
 *   (the last the main frame reported), in ms from the navigation's start;
 * - bytesWithin(seconds): the bytes the page received on the wire (headers and compressed bodies)
 *   in its first `seconds` from the document's request, as they arrived through the throttling.
 *   Speculative requests (Sec-Purpose) are left out: a prerender's own requests are not the page's
 *   target's, so bench/prefetch-network.mjs counts them all alike.
 */
export async function recordLoad(page) {
  const cdp = await page.createCDPSession();
  const lcp = [];
  cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => lcp.push(event));
  await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] });
  await cdp.send('Network.enable');
  const requests = new Map();
  let start = null;
  const request = (id) => {
    if (!requests.has(id)) requests.set(id, { received: [], speculative: false });
    return requests.get(id);
  };
  cdp.on('Network.requestWillBeSent', ({ timestamp, type }) => {
    if (start === null && type === 'Document') start = timestamp;
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    const purpose = Object.entries(headers).find(([name]) => name.toLowerCase() === 'sec-purpose');
    if (purpose && /prefetch/i.test(purpose[1])) request(requestId).speculative = true;
  });
  cdp.on('Network.dataReceived', ({ requestId, timestamp, encodedDataLength }) => {
    if (encodedDataLength) request(requestId).received.push({ at: timestamp, bytes: encodedDataLength });
  });
  // The rest of a request's bytes (its headers; a body the data events did not count) arrive with its end.
  cdp.on('Network.loadingFinished', ({ requestId, timestamp, encodedDataLength }) => {
    const r = request(requestId);
    const counted = r.received.reduce((sum, chunk) => sum + chunk.bytes, 0);
    if (encodedDataLength > counted) r.received.push({ at: timestamp, bytes: encodedDataLength - counted });
  });
  return {
    cdp,
    async paints() {
      const { frameTree } = await cdp.send('Page.getFrameTree');
      const [fcp, origin] = await page.evaluate(
        '[performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null, performance.timeOrigin]',
      );
      const last = lcp.filter((e) => e.frameId === frameTree.frame.id).at(-1);
      const at = last && (last.lcpDetails.renderTime || last.lcpDetails.loadTime || last.time);
      return { fcpMs: fcp, lcpMs: at ? at * 1000 - origin : null };
    },
    bytesWithin(seconds) {
      if (start === null) return null;
      let bytes = 0;
      for (const r of requests.values()) {
        if (r.speculative) continue;
        for (const chunk of r.received) if (chunk.at - start <= seconds) bytes += chunk.bytes;
      }
      return bytes;
    },
    /** The navigation's start as wall-clock ms (its time origin), to match bench/prefetch-network.mjs's clock. */
    startedAt: () => page.evaluate('performance.timeOrigin'),
  };
}
