/** Field notes are listed newest first (ids 3, 2, 1). */
export interface FieldNoteLike {
  data: { id: number; dateLogged: Date };
}

/** Latest logged first; notes logged the same day fall back to the higher id. */
export function newestNotesFirst<T extends FieldNoteLike>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => b.data.dateLogged.getTime() - a.data.dateLogged.getTime() || b.data.id - a.data.id);
}

/** A note's own page: its file name is its address, as with essays. */
export const notePath = (note: { id: string }) => `/fieldnotes/${note.id}`;
