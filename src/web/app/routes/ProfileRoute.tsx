import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { FounderIntro } from '#web/features/marketing/components/FounderNote.tsx';
import { ProfilePage } from '#web/features/users/pages/ProfilePage.tsx';

export function ProfileRoute() {
  const { user } = useViewer();
  return user ? <ProfilePage email={user.email} intro={<FounderIntro />} /> : null;
}
