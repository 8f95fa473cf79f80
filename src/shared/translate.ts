import type { I18n } from '@lingui/core';

/**
 * The shop's fixed texts are written in English in the code, marked with a `/*i18n*\/` comment so that
 * `lingui extract` puts them in the catalogues (decision 61); the English text is its own message id.
 * A text with values names them in braces ("No user has the email {email}."): `englishText` fills
 * them in, and `translated` finds the message again in the filled text and writes it in the reader's
 * language. So a message can travel as plain English (a zod issue, an error's message) and be put in
 * Bangla where it reaches a person: the API's answer, a form, a mail.
 */
export function englishText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

interface Pattern {
  id: string;
  names: string[];
  pattern: RegExp;
  /** Longer fixed parts first: "No user has the email {email}." before "{name}: {problem}". */
  fixedLength: number;
}

const patternsOf = new WeakMap<object, Pattern[]>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patterns(messages: Record<string, unknown>): Pattern[] {
  const known = patternsOf.get(messages);
  if (known) return known;
  const made = Object.keys(messages)
    .filter((id) => /\{\w+\}/.test(id) && !/\{\w+,/.test(id))
    .map((id) => {
      const parts = id.split(/\{(\w+)\}/);
      const names = parts.filter((_, index) => index % 2 === 1);
      const source = parts.map((part, index) => (index % 2 === 1 ? '([\\s\\S]+?)' : escapeRegExp(part))).join('');
      const fixedLength = parts.filter((_, index) => index % 2 === 0).join('').length;
      return { id, names, pattern: new RegExp(`^${source}$`), fixedLength };
    })
    .sort((a, b) => b.fixedLength - a.fixedLength);
  patternsOf.set(messages, made);
  return made;
}

/**
 * Filled-in texts already found, per catalogue: finding one tries every message with values in turn, and a
 * tracking page's steps ("Arrived at Dhaka hub") cost 1 ms a page that way (issue 40). The same text in the
 * same catalogue is the same answer; the memory is bounded by starting again when full.
 */
const foundOf = new WeakMap<object, Map<string, string>>();
const FOUND_KEPT = 5000;

/** `english` in the language `i18n` is active in; as it is when the catalogue does not know it. */
export function translated(i18n: I18n, english: string): string {
  const messages = i18n.messages as Record<string, unknown>;
  if (english in messages) return i18n._(english);
  let found = foundOf.get(messages);
  if (!found) {
    found = new Map();
    foundOf.set(messages, found);
  }
  const known = found.get(english);
  if (known !== undefined) return known;
  if (found.size >= FOUND_KEPT) found.clear();
  const answer = filledIn(i18n, messages, english);
  found.set(english, answer);
  return answer;
}

function filledIn(i18n: I18n, messages: Record<string, unknown>, english: string): string {
  for (const { id, names, pattern } of patterns(messages)) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, translatedValue(i18n, match[index + 1] ?? '')]));
    return i18n._(id, values);
  }
  return english;
}

/**
 * A filled-in value may itself be a message ("{name}: {problem}"), or a number to write in the reader's
 * digits: digit by digit, so a code's leading zero stays ("012345", a delivery code).
 */
function translatedValue(i18n: I18n, value: string): string {
  if (/^\d+(\.\d+)?$/.test(value)) return value.replace(/\d/g, (digit) => i18n.number(Number(digit)));
  return translated(i18n, value);
}
