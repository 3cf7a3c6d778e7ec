/** Index arithmetic for rotating quotes: wraps both ways, whatever the step. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export const nextIndex = (index: number, length: number) => wrapIndex(index + 1, length);
export const previousIndex = (index: number, length: number) => wrapIndex(index - 1, length);
