/**
 * True when a write failed because a row it points at is gone (PostgreSQL 23503, foreign key
 * violation): something deleted it meanwhile. Drizzle wraps driver errors, so the cause is looked at too.
 */
export function isMissingReference(error: unknown): boolean {
  return [error, (error as { cause?: unknown })?.cause].some((candidate) => (candidate as { code?: unknown })?.code === '23503');
}

/** True when a write failed on the named unique constraint (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return [error, (error as { cause?: unknown })?.cause].some(
    (candidate) =>
      (candidate as { code?: unknown })?.code === '23505' && (candidate as { constraint?: unknown })?.constraint === constraint,
  );
}
