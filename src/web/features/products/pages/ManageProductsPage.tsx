import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function ManageProductsPage() {
  useDocumentTitle('Manage Products');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Manage Products</h1>
    </section>
  );
}
