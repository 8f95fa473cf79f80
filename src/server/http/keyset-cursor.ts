import { badRequest } from './errors.ts';

/**
 * A list's cursor (decision 126): the sort key of the last row a page showed, as the database's own
 * text (a creation time keeps its microseconds, which a JS Date would cut, so the walk would repeat or
 * skip rows), written as base64url so clients treat it as opaque and do not build their own.
 */
export function writeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const CURSOR_MESSAGE = /*i18n*/ 'This list’s position is not valid: start again from its first page';

/** The sort key a cursor holds, one part per shape; 400 for anything the server did not write. */
export function readCursor(cursor: string, shapes: readonly RegExp[]): string[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const fits =
    Array.isArray(key) &&
    key.length === shapes.length &&
    key.every((part, index) => typeof part === 'string' && shapes[index]?.test(part));
  if (!fits) throw badRequest(CURSOR_MESSAGE, { cursor: CURSOR_MESSAGE });
  return key as string[];
}

/** The shapes of a cursor's parts: a timestamptz as PostgreSQL writes it, a UUID. */
export const CURSOR_SHAPES = {
  timestamp: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
} as const;
