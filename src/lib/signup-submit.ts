import { afterNextFrame } from '../browser/when-painted';
import { openMailClient } from './mail-client';
import {
  EARLY_ACCESS_REDIRECT_MS,
  EARLY_ACCESS_REDIRECT_PATH,
  buildEarlyAccessRecord,
  buildFirstLightRecord,
  earlyAccessKey,
  earlyAccessMailLink,
  firstLightKey,
  firstLightMailLink,
  signupToasts,
  type ToastCopy,
} from './signups';
import { writeJSON } from './storage';
import { carryToNextPage, showToast, type QueuedToast } from './toast';

/**
 * What the two sign-up islands do on submit. The browser has already checked the email
 * (required, type=email) before `submit` fires, so a bad address never reaches this code and
 * nothing is stored.
 */

const toast = (copy: ToastCopy, replaces?: QueuedToast) =>
  showToast(copy.title, copy.description, { variant: copy.variant, duration: copy.duration, replaces });

/** True when the mail app was asked to open; false when the browser refused. */
function tryOpenMailClient(href: string): boolean {
  try {
    openMailClient(href);
    return true;
  } catch {
    return false;
  }
}

/**
 * Forms whose mail link is on its way to the mail app: a second press in that time (a double
 * click, a tap repeated on a slow phone) would open the mail app twice and stack a second toast.
 * Once the mail app was asked, the form is cleared (and a fresh submit is a fresh sign-up) or, if
 * the browser refused, left as typed for another try.
 */
const handingOff = new WeakSet<HTMLFormElement>();

/**
 * Shows `success` at once and hands `href` to the mail app after the frame that draws it, then
 * calls `opened`; if the browser refuses the mail link, `failed` takes the toast's place. Asking for
 * the mail app in the press's own task held that frame back: Chromium on Linux first asks the
 * desktop which app that is (a process of its own), beside the frame on a phone's two cores.
 * On a phone the mail app opens over the page, which already shows the answer.
 */
function handOffToMailApp(
  form: HTMLFormElement,
  href: string,
  success: ToastCopy,
  failed: ToastCopy,
  opened: (shown: QueuedToast) => void,
) {
  const shown = toast(success);
  handingOff.add(form);
  afterNextFrame(() => {
    handingOff.delete(form);
    if (tryOpenMailClient(href)) opened(shown);
    else toast(failed, shown);
  });
}

/**
 * The form's `onSubmit`: it keeps the browser from posting the form and hands the form to `submit`.
 * Typed by what it reads, so this module stays free of React.
 */
export const signupSubmitHandler =
  (submit: (form: HTMLFormElement, recipient: string) => void, recipient: string) =>
  (event: { preventDefault(): void; currentTarget: HTMLFormElement }): void => {
    event.preventDefault();
    if (!handingOff.has(event.currentTarget)) submit(event.currentTarget, recipient);
  };

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

export function submitFirstLight(form: HTMLFormElement, recipient: string): void {
  const record = buildFirstLightRecord(value(form, 'name'), value(form, 'email'));
  writeJSON(firstLightKey(record.email), record);
  handOffToMailApp(
    form,
    firstLightMailLink(record, recipient),
    signupToasts.firstLightSuccess,
    signupToasts.firstLightMailFailed,
    () => form.reset(),
  );
}

/**
 * `beforeRedirect` runs once the redirect to the welcome letter is certain (the mail app was
 * asked), after the frame that draws the toast: the page prerenders the letter then. Started in
 * the press's own task, that prerender held the toast's frame back.
 */
export function submitEarlyAccess(form: HTMLFormElement, recipient: string, beforeRedirect = () => {}): void {
  const record = buildEarlyAccessRecord(value(form, 'email'));
  writeJSON(earlyAccessKey(record.email), record);
  handOffToMailApp(
    form,
    earlyAccessMailLink(record, recipient),
    signupToasts.earlyAccessSuccess,
    signupToasts.earlyAccessMailFailed,
    (shown) => {
      // The visitor is on the next page before the 7 s are up: the welcome goes with them.
      carryToNextPage(shown);
      form.reset();
      beforeRedirect();
      window.setTimeout(() => window.location.assign(EARLY_ACCESS_REDIRECT_PATH), EARLY_ACCESS_REDIRECT_MS);
    },
  );
}
