import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { NewsletterForm } from '../components/NewsletterForm.tsx';

/**
 * `/newsletter`: where the footer's box lands when the browser sends it itself (JavaScript off), with
 * the thank-you or the address's problem, and the box again (R-FOOTER).
 */
export function NewsletterPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Newsletter`);
  return (
    <section className="mx-auto max-w-xl px-4 py-12" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title" className="mb-3 text-3xl font-bold text-primary">
        <Trans>Newsletter</Trans>
      </h1>
      <p className="mb-6">
        <Trans>Delivery tips, new services and seasonal offers, once a month.</Trans>
      </p>
      <div className="rounded-box bg-neutral p-6 text-neutral-content">
        <NewsletterForm />
      </div>
    </section>
  );
}
