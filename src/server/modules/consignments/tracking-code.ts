import { randomInt } from 'node:crypto';
import { CROCKFORD, checkCharacter, TRACKING_PREFIX, TRACKING_RANDOM_LENGTH } from '#shared/tracking-code.ts';

/** A new tracking code (R-TRACKING-CODE): ten characters from the system's secure random source, and the check. */
export function newTrackingCode(): string {
  let body = '';
  for (let index = 0; index < TRACKING_RANDOM_LENGTH; index++) body += CROCKFORD[randomInt(CROCKFORD.length)];
  return `${TRACKING_PREFIX}${body}${checkCharacter(body)}`;
}
