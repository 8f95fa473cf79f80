import { useLocation } from 'react-router';
import { returnPath } from '#shared/form-answer.ts';

/** Where to go after signing in: the protected page that sent the visitor here, else home. */
export function useReturnPath(): string {
  const state = useLocation().state as { from?: unknown } | null;
  return returnPath(state?.from);
}
