import { z } from 'zod';

/**
 * Kept apart from text.ts, which the public pages load: this needs zod, which loads only with forms.
 * NUL and the other control characters, but tab and line breaks, which descriptions may hold (R-TEXT).
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

/**
 * Every text field of every form and route starts here (R-TEXT): PostgreSQL refuses NUL in text, and no
 * control character belongs in a name, address or review. Chain trim, min, max and the rest after it.
 */
export function textField(field: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), controlCharacterMessage(field));
}

/** The path of the first string with a control character in a parsed body, for routes with no zod schema of ours. */
export function controlCharacterPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, key];
      const found = controlCharacterPath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
