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

/** A whole number from 1 to `max`, `fallback` when not given (pages and page sizes). */
export const wholeNumber = (field: string, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, englishText(/*i18n*/ '{field} must be a whole number from 1 to {max}', { field, max }))
    .refine(
      (text) => text === '' || (Number(text) >= 1 && Number(text) <= max),
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
