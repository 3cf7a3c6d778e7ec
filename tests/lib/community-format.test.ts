import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatCount,
  formatPostDate,
  formatShortDate,
  randomIdeaMessage,
} from '../../src/lib/community/format';

describe('displayName', () => {
  it('show Anonymous for a missing or blank name', () => {
    expect(displayName(null)).toBe('Anonymous');
    expect(displayName(undefined)).toBe('Anonymous');
    expect(displayName('  ')).toBe('Anonymous');
    expect(displayName(' Yiannis ')).toBe('Yiannis');
  });
});

describe('dates and counts', () => {
  // The visitor's time zone is the process's here: one east of UTC, so a late post is tomorrow.
  process.env.TZ = 'Europe/Athens';

  it('are readable, in the visitor’s time zone', () => {
    expect(formatPostDate('2025-06-03T14:22:05.123456+00:00')).toBe('3 June 2025 at 17:22');
    expect(formatPostDate('2025-06-03T23:30:00Z')).toBe('4 June 2025 at 02:30');
    expect(formatShortDate('2025-06-03T14:22:05Z')).toBe('3 Jun 2025');
    expect(formatShortDate('2025-09-03T14:22:05Z')).toBe('3 Sept 2025');
    expect(formatPostDate('nonsense')).toBe('');
    expect(formatShortDate('nonsense')).toBe('');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('read exactly as the en-GB formats they stand in for', () => {
    const long = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });
    const medium = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute] of [
        [1, 0, 5],
        [9, 9, 0],
        [28, 23, 59],
      ]) {
        const date = new Date(Date.UTC(2026, month, day, hour, minute));
        expect(formatPostDate(date.toISOString())).toBe(long.format(date));
        expect(formatShortDate(date.toISOString())).toBe(medium.format(date));
      }
    }
    for (const n of [0, 7, 42, 999, 1000, 10_000, 99_999, 100_000, 1_234_567])
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
  });
});

describe('randomIdeaMessage', () => {
  it('names the issue, the solution and the proposer, each isolated from the sentence around it', () => {
    expect(randomIdeaMessage({ issue: 'Endless feeds', mitigation: 'Stopping cues', proposedBy: 'Eleni' })).toEqual({
      title: 'Random Idea: \u2068Endless feeds\u2069',
      description: 'Solution: \u2068Stopping cues\u2069 (Proposed by: \u2068Eleni\u2069)',
    });
    expect(randomIdeaMessage({ issue: 'a', mitigation: 'b', proposedBy: null }).description).toContain('Anonymous');
  });
});
