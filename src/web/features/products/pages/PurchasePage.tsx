import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function PurchasePage() {
  useDocumentTitle('Purchase');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Purchase</h1>
    </section>
  );
}
