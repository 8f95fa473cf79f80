import type { Review } from '#shared/review.ts';
import { ReviewerPhoto } from './ReviewerPhoto.tsx';
import { StarRating } from './StarRating.tsx';

/** One testimonial; its text is rendered as text, so markup in it shows as typed and never runs. */
export function TestimonialCard({ review }: { review: Review }) {
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm" data-testid="testimonial">
      <div className="card-body gap-4">
        <div className="flex items-center gap-4">
          <ReviewerPhoto name={review.reviewName} src={review.reviewPhoto} />
          <div className="min-w-0">
            <p className="truncate font-semibold" data-testid="testimonial-name">
              {review.reviewName}
            </p>
            <StarRating rating={review.reviewRating} />
          </div>
        </div>
        <blockquote className="break-words whitespace-pre-line text-base-content/85" data-testid="testimonial-text">
          {review.reviewDescription}
        </blockquote>
      </div>
    </li>
  );
}
