import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { newReviewSchema, REVIEW_PHOTO_FILE_FIELD } from '#shared/review.ts';
import { FormField, SelectField, TextAreaField } from '#web/components/FormField.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { formWithPicture, pictureFile } from '#web/lib/picture-file.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useAddReview } from '../api/use-add-review.ts';

export interface Reviewer {
  name: string;
  email: string;
}

const RATINGS = Array.from({ length: LIMITS.ratingMax - LIMITS.ratingMin + 1 }, (_, index) => LIMITS.ratingMax - index);

/** The server's rules, with the photo as a file chosen here (R-REVIEW, R-UPLOAD). */
const reviewFormSchema = newReviewSchema(pictureFile);
type ReviewFormValues = z.input<typeof reviewFormSchema>;
type ReviewFormOutput = z.output<typeof reviewFormSchema>;
const EMPTY_FORM: ReviewFormValues = { reviewRating: String(LIMITS.ratingMax), reviewDescription: '' };

/**
 * The Add a Review form (R-REVIEW). Name and email are shown read-only for the signed-in reviewer; the
 * server takes them from the session, not from this form.
 */
export function AddReviewPage({ reviewer }: { reviewer: Reviewer }) {
  const { t } = useLingui();
  useDocumentTitle(t`Add a Review`);
  const addReview = useAddReview();
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const descriptionLength = form.watch('reviewDescription')?.length ?? 0;

  const submit = form.handleSubmit(async (input) => {
    try {
      await addReview.mutateAsync(formWithPicture(input, REVIEW_PHOTO_FILE_FIELD));
      toast.success(MESSAGES.reviewAdded);
      form.reset(EMPTY_FORM);
    } catch (error) {
      if (!showFieldErrors(form, error)) toastApiError(error, /*i18n*/ 'Your review could not be saved. Please try again.');
    }
  });

  return (
    <section aria-labelledby="add-review-heading" className="max-w-2xl">
      <h2 id="add-review-heading" className="text-2xl font-bold">
        <Trans>Add a Review</Trans>
      </h2>
      <p className="mt-2 text-base-content/75">
        <Trans>Tell other customers how we did. Your review appears on our home page.</Trans>
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-6 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 sm:p-6"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t`Name`} value={reviewer.name} readOnly className="bg-base-200" />
          <FormField label={t`Email`} type="email" value={reviewer.email} readOnly className="bg-base-200" />
        </div>
        <FormField
          label={t`Photo (JPEG, PNG or WebP, up to 5 MB)`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="file-input"
          error={errors.reviewPhoto?.message ?? errors[REVIEW_PHOTO_FILE_FIELD]?.message}
          {...form.register(REVIEW_PHOTO_FILE_FIELD)}
        />
        <SelectField
          label={t`Rating`}
          className="sm:w-48"
          error={errors.reviewRating?.message}
          {...form.register('reviewRating')}
        >
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              <Plural value={rating} one="# star" other="# stars" />
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t`Description`}
          rows={5}
          placeholder={t`What did we deliver for you, and how did it go?`}
          hint={`${descriptionLength} / ${LIMITS.reviewDescriptionMaxLength} characters`}
          error={errors.reviewDescription?.message}
          {...form.register('reviewDescription')}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          <Trans>Add Review</Trans>
        </button>
      </form>
    </section>
  );
}
