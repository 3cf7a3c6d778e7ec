/**
 * The Line Bank's rules: the chips, which quotes a chip shows, the empty
 * state and the copy messages. Shared by the page (build time) and its script (browser).
 */

export const ALL_LINES = 'All';

/** The six tags a quote may carry, in chip order. */
export const LINE_TAGS = [
  'Philosophy',
  'Love + Grief',
  'Nature + Memory',
  'Writing Wisdom',
  'Perception + Truth',
  'Wry + Funny',
] as const;

export type LineTag = (typeof LINE_TAGS)[number];

/** The seven filter chips, starting at All. */
export const LINE_BANK_CHIPS = [ALL_LINES, ...LINE_TAGS] as const;

export type LineBankChip = (typeof LINE_BANK_CHIPS)[number];

export const NO_MATCH_TEXT = 'No lines match this filter. Try another one!';

export const COPY_SUCCESS = { title: 'Copied to clipboard!', description: 'Line successfully copied.' } as const;
export const COPY_FAILURE = { title: 'Copy failed', description: 'Could not copy text. Please try again.' } as const;

export interface TaggedLine {
  tags: readonly string[];
}

/** The quotes a chip shows, in their original order: All shows every quote. */
export function filterLines<T extends TaggedLine>(lines: readonly T[], chip: string): T[] {
  if (chip === ALL_LINES) return [...lines];
  return lines.filter((line) => line.tags.includes(chip));
}

/** How many quotes each chip shows. */
export function countByChip(lines: readonly TaggedLine[]): Record<LineBankChip, number> {
  return Object.fromEntries(LINE_BANK_CHIPS.map((chip) => [chip, filterLines(lines, chip).length])) as Record<
    LineBankChip,
    number
  >;
}

/** "Showing 3 of 12 lines" for the live region under the chips. */
export function resultSummary(shown: number, total: number, chip: string): string {
  const noun = total === 1 ? 'line' : 'lines';
  return chip === ALL_LINES ? `Showing all ${total} ${noun}` : `Showing ${shown} of ${total} ${noun} tagged ${chip}`;
}
