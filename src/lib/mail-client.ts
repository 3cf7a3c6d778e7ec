/**
 * "Opening the mail client" for the sign-up forms: the mailto link is assigned to
 * window.location.href, in this tab. A browser may refuse (policy, sandboxing, an exotic
 * handler) by throwing; callers catch that and tell the visitor to write by hand.
 *
 * Test seam: when the page defines `window.__openMailClient`, it is called instead of the
 * navigation. End-to-end tests set it with `page.addInitScript` to a function that throws,
 * exercising the failure path (the happy path uses the real navigation, which Chromium reports
 * as a mailto: request). Nothing on the site defines it. See docs/quiz.md.
 */

declare global {
  interface Window {
    __openMailClient?: (href: string) => void;
  }
}

export function openMailClient(href: string, win: Window = window): void {
  if (typeof win.__openMailClient === 'function') {
    win.__openMailClient(href);
    return;
  }
  win.location.href = href;
}
