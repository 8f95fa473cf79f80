import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Sign up</h1>
    </section>
  );
}
