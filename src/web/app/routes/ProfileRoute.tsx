import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { ProfilePage } from '#web/features/users/pages/ProfilePage.tsx';

export function ProfileRoute() {
  const { user } = useViewer();
  return user ? <ProfilePage email={user.email} /> : null;
}
