import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function AddReviewPage() {
  useDocumentTitle('Add a Review');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Add a Review</h1>
    </section>
  );
}
