/** Cuts a text to `length` characters and marks the cut with "...", as cards and tables do (R-LIMITS). */
export function truncateWithEllipsis(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

let graphemes: Intl.Segmenter | undefined;

/**
 * A text's characters as a reader counts them (R-TEXT): a Bangla letter with its vowel signs and hasanta,
 * an emoji with its joiners, each one character, where `length` counts UTF-16 units (three for "ক্ষ").
 */
export function readerCharacters(text: string): string[] {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (piece) => piece.segment);
}
