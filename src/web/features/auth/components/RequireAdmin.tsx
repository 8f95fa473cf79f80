import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Spinner } from '#web/components/Spinner.tsx';
import { signOut } from '../api/sign-out.ts';
import { useIsAdmin } from '../api/use-is-admin.ts';
import { useViewer } from '../api/use-viewer.ts';

/** The admin route rule (R-ROUTES), applied to every admin page: a non-admin is signed out and sent to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useViewer();
  const admin = useIsAdmin(user?.email);
  const queryClient = useQueryClient();
  const denied = admin.data === false || admin.isError;

  useEffect(() => {
    if (denied) signOut(queryClient, '/login');
  }, [denied, queryClient]);

  if (admin.data !== true) return <Spinner label={t`Checking your access`} />;
  return children;
}
