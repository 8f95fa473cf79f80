import { z } from 'zod';
import { englishText } from './translate.ts';

/**
 * Kept apart from text.ts, which the public pages load: this needs zod, which loads only with forms.
 * NUL and the other control characters, but tab and line breaks, which descriptions may hold; and the
 * bidirectional embeddings, overrides and isolates, which make a name or address read as other text
 * than it is (U+202E turns "gnp.exe" around) and no keyboard types (R-TEXT).
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u;

export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

export const controlCharacterMessage = (field: string) =>
  englishText(/*i18n*/ '{field} must not contain control characters', { field });

/**
 * Every text field of every form and route starts here (R-TEXT): PostgreSQL refuses NUL in text, and no
 * control character belongs in a name, address or review. Chain trim, min, max and the rest after it.
 */
export function textField(field: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), controlCharacterMessage(field));
}

/** A value met while walking a body, with the key it sits under and the value holding it. */
interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string or key with a control character in a parsed body, for routes with no zod
 * schema of ours. It walks with a stack of its own and builds a path only for what it finds, so no body,
 * however deep, can exhaust the call stack or copy a path at every level (decision 48).
 */
export function controlCharacterPath(body: unknown): string[] | undefined {
  const pending: Visit[] = [{ value: body }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (visit.key !== undefined && hasControlCharacter(visit.key)) return pathTo(visit);
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return pathTo(visit);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      // Pushed last to first, so they are looked at in order, each one's contents before the next.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, inner] = entries[index] as [string, unknown];
        pending.push({ value: inner, key, parent: visit });
      }
    }
  }
  return undefined;
}
