import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function PaymentPage() {
  useDocumentTitle('Payment');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Payment</h1>
    </section>
  );
}
