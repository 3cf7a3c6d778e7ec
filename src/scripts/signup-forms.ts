import { openMailClient } from '../lib/mail-client';
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
} from '../lib/signups';
import { writeJSON } from '../lib/storage';
import { showToast } from '../lib/toast';

/**
 * The two sign-up forms (spec §4, §7, §8). The browser checks the email (required, type=email)
 * before `submit` fires, so a bad address never reaches this code and nothing is stored.
 * The recipient comes from the server-rendered `data-recipient` (siteConfig).
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

function field(form: HTMLFormElement, name: string): HTMLInputElement {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) throw new Error(`sign-up form has no ${name} field`);
  return input;
}

export function initFirstLightForm(form: HTMLFormElement): void {
  const name = field(form, 'name');
  const email = field(form, 'email');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const record = buildFirstLightRecord(name.value, email.value);
    writeJSON(firstLightKey(record.email), record);
    if (tryOpenMailClient(firstLightMailLink(record, form.dataset.recipient ?? ''))) {
      toast(signupToasts.firstLightSuccess);
      form.reset();
    } else {
      toast(signupToasts.firstLightMailFailed);
    }
  });
}

export function initEarlyAccessForm(form: HTMLFormElement): void {
  const email = field(form, 'email');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const record = buildEarlyAccessRecord(email.value);
    writeJSON(earlyAccessKey(record.email), record);
    if (tryOpenMailClient(earlyAccessMailLink(record, form.dataset.recipient ?? ''))) {
      // Carried over: the visitor is on the next page before the 7 s are up.
      toast(signupToasts.earlyAccessSuccess, true);
      form.reset();
      window.setTimeout(() => window.location.assign(EARLY_ACCESS_REDIRECT_PATH), EARLY_ACCESS_REDIRECT_MS);
    } else {
      toast(signupToasts.earlyAccessMailFailed);
    }
  });
}

export function initSignupForms(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-signup="first-light"]').forEach(initFirstLightForm);
  document.querySelectorAll<HTMLFormElement>('form[data-signup="early-access"]').forEach(initEarlyAccessForm);
}
