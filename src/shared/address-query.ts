import { z } from 'zod';
import { englishText } from './translate.ts';

/*
 * Every address parameter arrives as text and may be empty (`?q=&page=`), which means "not given". The
 * patterns accept the empty text so the OpenAPI document shows plain strings, and the transforms turn
 * them into the values the query uses.
 */

/** Parses a parameter's text, the empty text meaning "not given". */
export const orNothing =
  <T>(parse: (text: string) => T) =>
  (text: string) =>
    text === '' ? undefined : parse(text);

/** The decimal numerals of 1 to `max`, without leading zeros, as a regular expression's alternatives. */
function oneTo(max: number): string {
  const digits = String(max);
  // Every number with fewer digits than max, then those with as many, digit by digit below max's.
  const alternatives = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : [];
  for (const [at, digit] of [...digits].entries()) {
    const lowest = at === 0 ? 1 : 0;
    const rest = digits.length - at - 1;
    if (Number(digit) > lowest)
      alternatives.push(`${digits.slice(0, at)}[${lowest}-${Number(digit) - 1}]${rest > 0 ? `\\d{${rest}}` : ''}`);
  }
  return [...alternatives, digits].join('|');
}

/**
 * A whole number from 1 to `max` in at most 6 digits, `fallback` when not given (pages and page sizes):
 * one pattern, so the API document states the bounds the server holds to (issue 39 item 11).
 */
export const wholeNumber = (field: string, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\s*(?:(?=\\d{1,6}\\s*$)0*(?:${oneTo(max)}))?\\s*$`),
      englishText(/*i18n*/ '{field} must be a whole number from 1 to {max}', { field, max }),
    )
    .transform((text) => (text === '' ? fallback : Number(text)))
    .optional()
    .transform((value) => value ?? fallback);

/**
 * What a page's address asks for, as far as it makes sense: a parameter that is wrong (an old link, a
 * typed address) is dropped instead of refusing the whole page. The API refuses it with a 400 instead.
 */
export function readAddress<Schema extends z.ZodType<unknown, Record<string, string>>>(
  schema: Schema,
  known: readonly string[],
  parameters: URLSearchParams,
): z.output<Schema> {
  const given: Record<string, string> = {};
  for (const [name, value] of parameters) if (known.includes(name)) given[name] ??= value;
  let parsed = schema.safeParse(given);
  // Each round drops at least one named parameter, so this ends; a problem naming none leaves the defaults.
  while (!parsed.success) {
    const wrong = parsed.error.issues.map((issue) => String(issue.path[0])).filter((name) => name in given);
    if (wrong.length === 0) return schema.parse({});
    for (const name of wrong) delete given[name];
    parsed = schema.safeParse(given);
  }
  return parsed.data;
}
