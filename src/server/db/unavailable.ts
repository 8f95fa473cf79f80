/**
 * Errors that mean the database cannot be reached right now, not that a query is wrong: refused or
 * dropped connections, a pool that could not connect in time, and PostgreSQL's own "shutting down",
 * "starting up", "too many connections" and connection-exception (08…) codes. Drivers and Drizzle wrap
 * them, so the causes are searched too.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|PGlite is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
