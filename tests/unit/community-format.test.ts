import { describe, expect, it } from 'vitest';
import {
  clampChars,
  displayName,
  formatPostDate,
  formatShortDate,
  randomIdeaMessage,
} from '../../src/lib/community-format';

describe('clampChars', () => {
  it('cut text to the limit without splitting an emoji', () => {
    expect(clampChars('abcdef', 4)).toBe('abcd');
    expect(clampChars('abc', 4)).toBe('abc');
    expect(clampChars('🌳🌳🌳', 2)).toBe('🌳🌳');
    expect(clampChars('a🌳b', 2)).toBe('a🌳');
  });
});

describe('displayName', () => {
  it('show Anonymous for a missing or blank name', () => {
    expect(displayName(null)).toBe('Anonymous');
    expect(displayName(undefined)).toBe('Anonymous');
    expect(displayName('  ')).toBe('Anonymous');
    expect(displayName(' Yiannis ')).toBe('Yiannis');
  });
});

describe('dates', () => {
  it('are readable, in the given time zone', () => {
    expect(formatPostDate('2025-06-03T14:22:05.123456+00:00', 'UTC')).toBe('3 June 2025 at 14:22');
    expect(formatPostDate('2025-06-03T23:30:00Z', 'Europe/Athens')).toBe('4 June 2025 at 02:30');
    expect(formatShortDate('2025-06-03T14:22:05Z', 'UTC')).toBe('3 Jun 2025');
    expect(formatPostDate('nonsense')).toBe('');
    expect(formatShortDate('nonsense')).toBe('');
  });
});

describe('randomIdeaMessage', () => {
  it('names the issue, the solution and the proposer', () => {
    expect(randomIdeaMessage({ issue: 'Endless feeds', mitigation: 'Stopping cues', proposedBy: 'Eleni' })).toEqual({
      title: 'Random Idea: Endless feeds',
      description: 'Solution: Stopping cues (Proposed by: Eleni)',
    });
    expect(randomIdeaMessage({ issue: 'a', mitigation: 'b', proposedBy: null }).description).toContain('Anonymous');
  });
});
