import { useLocation } from 'react-router';

/** Where to go after signing in: the protected page that sent the visitor here, else home. */
export function useReturnPath(): string {
  const state = useLocation().state as { from?: unknown } | null;
  const from = typeof state?.from === 'string' ? state.from : '';
  // Only paths on this site: never an absolute or protocol-relative address.
  return from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
