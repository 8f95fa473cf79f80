/** Cuts a text to `length` characters and marks the cut with "...", as cards and tables do (R-LIMITS). */
export function truncateWithEllipsis(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
