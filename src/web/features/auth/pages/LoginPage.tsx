import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function LoginPage() {
  useDocumentTitle('Login');
  return (
    <section className="px-4 py-10">
      <h1 className="text-2xl font-semibold">Login</h1>
    </section>
  );
}
