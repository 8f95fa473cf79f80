import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function ProfilePage() {
  useDocumentTitle('Profile');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Profile</h1>
    </section>
  );
}
