import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function BlogArticlePage() {
  useDocumentTitle('Blog');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Blog</h1>
    </section>
  );
}
