import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useAccessToken } from '../api/use-access-token.ts';
import { useViewer } from '../api/use-viewer.ts';

/** Anonymous visitors go to /login, which sends them back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user, isPending } = useViewer();
  const location = useLocation();
  const token = useAccessToken(user?.email);
  if (isPending) return <Spinner label={t`Checking your session`} />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (token.isPending) return <Spinner label={t`Checking your session`} />;
  if (token.isError) return <LoadError what={t`your session`} onRetry={() => token.refetch()} />;
  return children;
}
