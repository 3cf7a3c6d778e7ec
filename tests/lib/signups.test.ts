import { describe, expect, it } from 'vitest';
import { openMailClient } from '../../src/lib/mail-client';
import {
  buildEarlyAccessRecord,
  buildFirstLightRecord,
  earlyAccessKey,
  earlyAccessMailLink,
  firstLightKey,
  firstLightMailLink,
  signupToasts,
} from '../../src/lib/signups';
import { TOAST_LONG_MS } from '../../src/lib/toast';

const now = new Date('2025-06-01T09:30:00.000Z');
const to = 'signals@eliasvarros.com';

/** Splits a mailto link into its address and decoded fields, as a mail client would. */
function parseMailto(href: string) {
  expect(href.startsWith('mailto:')).toBe(true);
  const [address, query = ''] = href.slice('mailto:'.length).split('?');
  const fields: Record<string, string> = {};
  for (const pair of query.split('&')) {
    const [key, value] = pair.split('=');
    fields[key] = decodeURIComponent(value);
  }
  return { address, fields, query };
}

describe('First Light records', () => {
  it('holds the trimmed name and email, the ISO time and the fixed source', () => {
    expect(buildFirstLightRecord('  Eleni Halkia ', ' reader@example.com ', now)).toEqual({
      name: 'Eleni Halkia',
      email: 'reader@example.com',
      timestamp: '2025-06-01T09:30:00.000Z',
      source: 'FirstLightPage',
    });
  });

  it('keeps an empty name empty', () => {
    expect(buildFirstLightRecord('   ', 'reader@example.com', now).name).toBe('');
  });

  it('is stored under the First Light prefix plus the email', () => {
    expect(firstLightKey('reader@example.com')).toBe('firstLightSignup:reader@example.com');
  });
});

describe('First Light mail link', () => {
  it('carries name and email in the subject, and name, email, timestamp in the body', () => {
    const record = buildFirstLightRecord('Yiannis', 'y@example.com', now);
    const { address, fields } = parseMailto(firstLightMailLink(record, to));
    expect(address).toBe(to);
    expect(fields.subject).toContain('Yiannis');
    expect(fields.subject).toContain('y@example.com');
    expect(fields.body).toContain('Name: Yiannis');
    expect(fields.body).toContain('Email: y@example.com');
    expect(fields.body).toContain('Timestamp: 2025-06-01T09:30:00.000Z');
  });

  it("says 'Not provided' for a missing name", () => {
    const { fields } = parseMailto(firstLightMailLink(buildFirstLightRecord('', 'y@example.com', now), to));
    expect(fields.body).toContain('Name: Not provided');
  });

  it('encodes &, ?, #, + and accents so the link cannot be split or cut short', () => {
    const name = 'Zoë & Ἑλένη? #1 + Ünal=ok';
    const email = 'zoe+news@example.com';
    const href = firstLightMailLink(buildFirstLightRecord(name, email, now), to);
    const { fields, query } = parseMailto(href);
    expect(query.split('&')).toHaveLength(2); // only the separator between subject and body
    expect(href).not.toMatch(/[# ]/); // a raw '#' would end the link, a space would break it
    expect(href.indexOf('?')).toBe(href.lastIndexOf('?')); // only the one before the fields
    expect(fields.subject).toBe(`First Light Sign-up: ${name} (${email})`);
    expect(fields.body).toContain(`Name: ${name}`);
    expect(fields.body).toContain(`Email: ${email}`);
    expect(href).toContain('Zo%C3%AB%20%26%20');
    expect(href).toContain('%23');
    expect(href).toContain('%2B');
    expect(href).not.toContain('+');
    expect(href).toContain('%0D%0A'); // line breaks as CRLF
  });
});

describe('early-access records and mail link', () => {
  it('holds the email and the ISO time under the early-access prefix', () => {
    const record = buildEarlyAccessRecord(' reader@example.com', now);
    expect(record).toEqual({ email: 'reader@example.com', timestamp: '2025-06-01T09:30:00.000Z' });
    expect(earlyAccessKey(record.email)).toBe('earlyAccessOptIn:reader@example.com');
  });

  it("has the subject 'Newsletter Signup' and a short body asking to subscribe", () => {
    const { address, fields } = parseMailto(earlyAccessMailLink(buildEarlyAccessRecord('reader@example.com', now), to));
    expect(address).toBe(to);
    expect(fields.subject).toBe('Newsletter Signup');
    expect(fields.body).toMatch(/Please subscribe reader@example\.com/);
    expect(fields.body.length).toBeLessThan(300);
  });

  it('encodes an address with + & # ? and accents', () => {
    const email = 'a&b#c?d+é@example.com';
    const href = earlyAccessMailLink(buildEarlyAccessRecord(email, now), to);
    const { fields, query } = parseMailto(href);
    expect(query.split('&')).toHaveLength(2);
    expect(href).not.toMatch(/[#+]/);
    expect(fields.body).toContain(`Please subscribe ${email}`);
  });
});

describe('sign-up toasts', () => {
  it('are word for word as visitors see them, 7 seconds each', () => {
    expect(signupToasts.firstLightSuccess).toMatchObject({
      title: 'Signal Received!',
      description: "Please check your email client to complete sending your details. We'll keep you updated.",
      variant: 'normal',
    });
    expect(signupToasts.firstLightMailFailed).toMatchObject({
      title: 'Submission Issue',
      description: 'Could not automatically open email client. Please manually send your details.',
      variant: 'destructive',
    });
    expect(signupToasts.earlyAccessSuccess).toMatchObject({
      title: 'Welcome!',
      description:
        'Here\u2019s the signal I promised\u2014the kind that echoes, not sews. Please check your email client to complete the signup.',
      variant: 'success',
    });
    expect(signupToasts.earlyAccessMailFailed).toMatchObject({
      title: 'Submission Issue',
      description: 'Could not automatically open email client. Please manually send an email to us.',
      variant: 'destructive',
    });
    for (const copy of Object.values(signupToasts)) expect(copy.duration).toBe(TOAST_LONG_MS);
    expect(TOAST_LONG_MS).toBe(7000);
  });
});

describe('opening the mail client', () => {
  const fakeWindow = (hook?: (href: string) => void) =>
    ({ location: { href: 'http://site/firstlight' }, __openMailClient: hook }) as unknown as Window;

  it('navigates this tab to the mail link', () => {
    const win = fakeWindow();
    openMailClient('mailto:a@example.com', win);
    expect(win.location.href).toBe('mailto:a@example.com');
  });

  it('lets a test hook take the link instead, and passes on what it throws', () => {
    const seen: string[] = [];
    const win = fakeWindow((href) => seen.push(href));
    openMailClient('mailto:a@example.com', win);
    expect(seen).toEqual(['mailto:a@example.com']);
    expect(win.location.href).toBe('http://site/firstlight');
    const refusing = fakeWindow(() => {
      throw new Error('blocked');
    });
    expect(() => openMailClient('mailto:a@example.com', refusing)).toThrow('blocked');
  });

  it('passes on a browser that refuses the navigation', () => {
    const win = {
      location: {
        set href(_: string) {
          throw new DOMException('Navigation blocked', 'SecurityError');
        },
      },
    } as unknown as Window;
    expect(() => openMailClient('mailto:a@example.com', win)).toThrow('Navigation blocked');
  });
});
