/** An ILIKE pattern matching any text that contains `text` as typed: its own %, _ and \ match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
