import { mailtoHref } from './mailto';
import { storageKeys } from './storage';
import { TOAST_LONG_MS, type ToastVariant } from './toast';

/**
 * The two mailing-list sign-ups: no server call; a record
 * kept in this browser and a prefilled mail link to the newsletter recipient.
 */

export const FIRST_LIGHT_SOURCE = 'FirstLightPage';
/** After a successful early-access sign-up the visitor goes here (1500 ms). */
export const EARLY_ACCESS_REDIRECT_PATH = '/gift-essay';
export const EARLY_ACCESS_REDIRECT_MS = 1500;

export interface FirstLightRecord {
  name: string;
  email: string;
  /** ISO 8601. */
  timestamp: string;
  source: typeof FIRST_LIGHT_SOURCE;
}

export interface EarlyAccessRecord {
  email: string;
  timestamp: string;
}

export function buildFirstLightRecord(name: string, email: string, now: Date = new Date()): FirstLightRecord {
  return { name: name.trim(), email: email.trim(), timestamp: now.toISOString(), source: FIRST_LIGHT_SOURCE };
}

export function buildEarlyAccessRecord(email: string, now: Date = new Date()): EarlyAccessRecord {
  return { email: email.trim(), timestamp: now.toISOString() };
}

export const firstLightKey = (email: string) => `${storageKeys.firstLightPrefix}${email.trim()}`;
export const earlyAccessKey = (email: string) => `${storageKeys.earlyAccessPrefix}${email.trim()}`;

const NOT_PROVIDED = 'Not provided';

/** The First Light message: subject with the name and email; body with both and the time. */
export function firstLightMailLink(record: FirstLightRecord, to: string): string {
  const name = record.name || NOT_PROVIDED;
  return mailtoHref({
    to,
    subject: `First Light Sign-up: ${name} (${record.email})`,
    body: [
      'Please add me to the First Light list for Genesis, and to the draw for a signed first edition.',
      '',
      `Name: ${name}`,
      `Email: ${record.email}`,
      `Timestamp: ${record.timestamp}`,
    ].join('\n'),
  });
}

/** The early-access message: subject 'Newsletter Signup', a short request to subscribe. */
export function earlyAccessMailLink(record: EarlyAccessRecord, to: string): string {
  return mailtoHref({
    to,
    subject: 'Newsletter Signup',
    body: [
      'Hello,',
      '',
      `Please subscribe ${record.email} to early access news about Genesis: advance chapters, notes from the writing and the publication date.`,
      '',
      'Thank you.',
    ].join('\n'),
  });
}

export interface ToastCopy {
  title: string;
  description: string;
  variant: ToastVariant;
  duration: number;
}

/** The sign-up toasts, word for word. */
export const signupToasts = {
  firstLightSuccess: {
    title: 'Signal Received!',
    description: "Please check your email client to complete sending your details. We'll keep you updated.",
    variant: 'normal',
    duration: TOAST_LONG_MS,
  },
  firstLightMailFailed: {
    title: 'Submission Issue',
    description: 'Could not automatically open email client. Please manually send your details.',
    variant: 'destructive',
    duration: TOAST_LONG_MS,
  },
  earlyAccessSuccess: {
    title: 'Welcome!',
    description:
      'Here’s the signal I promised—the kind that echoes, not sews. Please check your email client to complete the signup.',
    variant: 'success',
    duration: TOAST_LONG_MS,
  },
  earlyAccessMailFailed: {
    title: 'Submission Issue',
    description: 'Could not automatically open email client. Please manually send an email to us.',
    variant: 'destructive',
    duration: TOAST_LONG_MS,
  },
} as const satisfies Record<string, ToastCopy>;
