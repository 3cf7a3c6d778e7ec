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
import { showToast } from './toast';

/**
 * What the two sign-up islands do on submit. The browser has already checked the email
 * (required, type=email) before `submit` fires, so a bad address never reaches this code and
 * nothing is stored.
 */

const toast = (copy: ToastCopy, carryOver = false) =>
  showToast(copy.title, copy.description, { variant: copy.variant, duration: copy.duration, carryOver });

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
 * The form's `onSubmit`: it keeps the browser from posting the form and hands the form to `submit`.
 * Typed by what it reads, so this module stays free of React.
 */
export const signupSubmitHandler =
  (submit: (form: HTMLFormElement, recipient: string) => void, recipient: string) =>
  (event: { preventDefault(): void; currentTarget: HTMLFormElement }): void => {
    event.preventDefault();
    submit(event.currentTarget, recipient);
  };

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

export function submitFirstLight(form: HTMLFormElement, recipient: string): void {
  const record = buildFirstLightRecord(value(form, 'name'), value(form, 'email'));
  writeJSON(firstLightKey(record.email), record);
  if (tryOpenMailClient(firstLightMailLink(record, recipient))) {
    toast(signupToasts.firstLightSuccess);
    form.reset();
  } else {
    toast(signupToasts.firstLightMailFailed);
  }
}

export function submitEarlyAccess(form: HTMLFormElement, recipient: string): void {
  const record = buildEarlyAccessRecord(value(form, 'email'));
  writeJSON(earlyAccessKey(record.email), record);
  if (tryOpenMailClient(earlyAccessMailLink(record, recipient))) {
    // Carried over: the visitor is on the next page before the 7 s are up.
    toast(signupToasts.earlyAccessSuccess, true);
    form.reset();
    window.setTimeout(() => window.location.assign(EARLY_ACCESS_REDIRECT_PATH), EARLY_ACCESS_REDIRECT_MS);
  } else {
    toast(signupToasts.earlyAccessMailFailed);
  }
}
