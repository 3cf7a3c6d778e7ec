/** Field notes are listed newest first (ids 3, 2, 1). */
export interface FieldNoteLike {
  data: { id: number; dateLogged: Date };
  filePath?: string;
}

/**
 * Latest logged first; notes logged the same day fall back to the higher id. Two notes with one
 * id fail the build naming both files: the list's `#note-N` anchors and each note's way back to
 * it are made from the id.
 */
export function newestNotesFirst<T extends FieldNoteLike>(notes: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const note of notes) {
    const other = byId.get(note.data.id);
    if (other) throw new Error(`${note.filePath}: id ${note.data.id} is already the id of ${other.filePath}`);
    byId.set(note.data.id, note);
  }
  return [...notes].sort((a, b) => b.data.dateLogged.getTime() - a.data.dateLogged.getTime() || b.data.id - a.data.id);
}

/** A note's own page: its file name is its address, as with essays. */
export const notePath = (note: { id: string }) => `/fieldnotes/${note.id}`;
