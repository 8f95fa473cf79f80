import type { FastifyInstance } from 'fastify';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { badRequest } from './errors.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `limit` arrays and objects inside one another: one pass, nothing
 * allocated, brackets inside strings (escaped quotes included) not counted. The text may be a string or
 * the raw UTF-8 bytes: these six characters never occur inside another character in either.
 */
export function nestsDeeperThan(json: string | Uint8Array, limit: number): boolean {
  const codeAt = typeof json === 'string' ? (index: number) => json.charCodeAt(index) : (index: number) => json[index];
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const code = codeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The refusal of a body that nests too deep (R-BOUNDS), or undefined for one that may be parsed. */
export function nestingRefusal(json: string | Uint8Array) {
  return nestsDeeperThan(json, LIMITS.bodyNestingMax) ? badRequest(MESSAGES.bodyNestsTooDeep(LIMITS.bodyNestingMax)) : undefined;
}

/**
 * Every JSON body of the app's routes is measured before it is parsed: code that walks a parsed body
 * (validation, the control-character check) then never meets thousands of levels (R-BOUNDS, decision 48).
 * What passes goes to Fastify's own parser with its default settings: a body with `__proto__` or
 * `constructor.prototype` keys is still refused (prototype poisoning).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refusal = nestingRefusal(body);
    if (refusal) return done(refusal, undefined);
    parse(request, body, done);
  });
}
