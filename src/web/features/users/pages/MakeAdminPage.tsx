import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function MakeAdminPage() {
  useDocumentTitle('Make Admin');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Make Admin</h1>
    </section>
  );
}
