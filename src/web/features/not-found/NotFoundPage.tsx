import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

export function NotFoundPage() {
  const inPageLanguage = useInPageLanguage();
  useDocumentTitle(inPageLanguage(MESSAGES.pageNotFound));
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p className="font-display text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{inPageLanguage(MESSAGES.pageNotFound)}</h1>
      <p className="max-w-md text-base-content/75">
        <Trans>The page you are looking for was moved, removed or never existed.</Trans>
      </p>
      <Link to="/" className="btn btn-primary">
        <Trans>Back to Home</Trans>
      </Link>
    </div>
  );
}
