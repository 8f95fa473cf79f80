import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">About</h1>
    </section>
  );
}
