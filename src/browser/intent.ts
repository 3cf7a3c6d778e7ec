/** What a visitor does just before using a control: points at it, touches it, or tabs into it. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Calls `callback` once, the first time the visitor reaches for `scope` or, with `selector`, for an
 * element inside it matching the selector. Code that only a control needs can load at that
 * moment: a reader who never reaches for the control never pays for it, and one who does has it
 * by the time the click lands (or soon after; see how client:press keeps a press, src/browser/directives/press.ts).
 */
export function onIntent(scope: Document | Element, callback: () => void, selector?: string): void {
  const onEvent = (event: Event) => {
    if (selector && !(event.target instanceof Element && event.target.closest(selector))) return;
    INTENT_EVENTS.forEach((name) => scope.removeEventListener(name, onEvent, true));
    callback();
  };
  INTENT_EVENTS.forEach((name) => scope.addEventListener(name, onEvent, { capture: true, passive: true }));
}
