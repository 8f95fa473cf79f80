import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function MyOrdersPage() {
  useDocumentTitle('My Orders');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">My Orders</h1>
    </section>
  );
}
