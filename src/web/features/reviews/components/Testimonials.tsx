import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useReviewPage } from '../api/use-reviews.ts';
import { pageButtons, pageCount } from '../paging.ts';
import { TestimonialCard } from './TestimonialCard.tsx';

/** The testimonials (R-TESTIMONIALS): newest first, three to a page, with numbered page buttons. */
export function Testimonials() {
  const { count } = useFormat();
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const reviews = useReviewPage(page, DISPLAY_LIMITS.testimonialsPageSize);

  let body: ReactNode;
  if (reviews.isPending) body = <Spinner label={t`Loading reviews`} />;
  else if (reviews.isError) body = <LoadError what={t`the reviews`} onRetry={() => reviews.refetch()} />;
  else if (reviews.data.total === 0)
    body = (
      <p className="py-8 text-center text-base-content/75">
        <Trans>
          No reviews yet.{' '}
          <Link to="/dashboard/review" className="link link-primary">
            Be the first to review us
          </Link>
          .
        </Trans>
      </p>
    );
  else {
    const total = pageCount(reviews.data.total, DISPLAY_LIMITS.testimonialsPageSize);
    body = (
      <>
        <ul className="grid gap-6 lg:grid-cols-3" data-testid="testimonials">
          {reviews.data.reviews.map((review) => (
            <TestimonialCard key={review._id} review={review} />
          ))}
        </ul>
        {total > 1 ? (
          <nav aria-label={t`Review pages`} className="mt-10 flex justify-center">
            <ul className="flex flex-wrap justify-center gap-2">
              {pageButtons(page, total).map((button, index) =>
                button === 'gap' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its position
                  <li key={`gap-${index}`} className="flex h-12 items-end px-1 text-base-content/75" aria-hidden="true">
                    …
                  </li>
                ) : (
                  <li key={button}>
                    <button
                      type="button"
                      className={`btn btn-square ${button === page ? 'btn-primary' : 'btn-outline btn-primary'}`}
                      aria-current={button === page ? 'page' : undefined}
                      aria-label={t`Page ${button}`}
                      onClick={() => setPage(button)}
                    >
                      {count(button)}
                    </button>
                  </li>
                ),
              )}
            </ul>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-20 bg-base-200 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-[0.2em] text-secondary uppercase">
            <Trans>Testimonials</Trans>
          </p>
          <h2 id="testimonials-heading" className="mt-2 text-3xl font-bold sm:text-4xl">
            <Trans>What our customers say</Trans>
          </h2>
        </div>
        <div className="mt-12">{body}</div>
      </div>
    </section>
  );
}
