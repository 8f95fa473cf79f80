import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '#web/components/Spinner.tsx';
import { signOut } from '../api/sign-out.ts';
import { useIsAdmin } from '../api/use-is-admin.ts';
import { useViewer } from '../api/use-viewer.ts';

/** The spec's admin route rule, applied to every admin page: a non-admin is signed out and sent to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useViewer();
  const admin = useIsAdmin(user?.email);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const denied = admin.data === false || admin.isError;

  useEffect(() => {
    if (!denied) return;
    signOut(queryClient).then(() => navigate('/login', { replace: true }));
  }, [denied, navigate, queryClient]);

  if (admin.data !== true) return <Spinner label="Checking your access" />;
  return children;
}
