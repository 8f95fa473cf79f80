import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { AddReviewPage } from '#web/features/reviews/pages/AddReviewPage.tsx';

/** RequireAuth has already made sure someone is signed in: they are the reviewer. */
export function AddReviewRoute() {
  const { user } = useViewer();
  return user ? <AddReviewPage reviewer={{ name: user.name, email: user.email }} /> : null;
}
