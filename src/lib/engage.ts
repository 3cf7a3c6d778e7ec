/** The Engage hub's cards are listed alphabetically by title, whatever the file's order. */
export interface TitledCard {
  title: string;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy: case and accents do not change the order, numbers sort as numbers. */
export function sortByTitle<T extends TitledCard>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => collator.compare(a.title, b.title));
}
