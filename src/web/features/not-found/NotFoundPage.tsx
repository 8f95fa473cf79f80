import { Link } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle(MESSAGES.pageNotFound);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p className="font-display text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{MESSAGES.pageNotFound}</h1>
      <p className="max-w-md text-base-content/75">The page you are looking for was moved, removed or never existed.</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </div>
  );
}
