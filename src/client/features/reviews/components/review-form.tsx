import { MAX_REVIEW_COMMENT_LENGTH } from '@common/domain/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { toast } from '@client/components/ui/use-toast';
import { Textarea } from '@client/components/ui/textarea';
import { useCreateReview } from '../api';
import { StarRatingInput } from './star-rating-input';
import { YesNoInput } from './yes-no-input';

const stars = (message: string) => z.number().int().min(1, { message }).max(5, { message });

const reviewForm = z.object({
  rating: stars('Choose an overall rating from 1 to 5 stars'),
  communicationRating: stars('Choose a communication rating from 1 to 5 stars'),
  // Optional going in (nothing is pre-chosen), required coming out.
  itemConditionAccurate: z
    .boolean()
    .optional()
    .pipe(z.boolean({ message: 'Say whether the item was as described' })),
  comment: z
    .string()
    .trim()
    .max(MAX_REVIEW_COMMENT_LENGTH, {
      message: `The comment must be at most ${MAX_REVIEW_COMMENT_LENGTH} characters`,
    }),
});
type ReviewForm = z.output<typeof reviewForm>;
type ReviewFormValues = z.input<typeof reviewForm>;

/**
 * 'Leave a review' on a completed trade, or of the member one received from in a completed swap ring
 * (docs/product.md, Reviews): overall and communication stars, whether the item was as described,
 * and a comment. Reviews are blind until every party has reviewed, or for 7 days.
 */
export function ReviewForm({
  subject,
  partnerName,
  onReviewed,
}: {
  subject: { tradeRequestId: string } | { ringId: string };
  partnerName: string;
  /** Called once the review is saved, to refresh the trade that shows this form. */
  onReviewed: () => void;
}) {
  const id = useId();
  const inRing = 'ringId' in subject;
  const tradeId = inRing ? subject.ringId : subject.tradeRequestId;
  const createReview = useCreateReview(onReviewed);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewForm>({
    resolver: zodResolver(reviewForm),
    defaultValues: { rating: 0, communicationRating: 0, itemConditionAccurate: undefined, comment: '' },
  });

  // mutateAsync: once the trades list refetches, this form gives way to 'You rated N/5' (unmounts).
  const submit = handleSubmit(async (values) => {
    try {
      await createReview.mutateAsync({ ...subject, ...values });
    } catch {
      // The mutation's meta reports the failure (query-client.ts).
      return;
    }
    toast({
      title: 'Review submitted',
      description: inRing
        ? `Thanks! Your review of ${partnerName} becomes visible once every member of the ring has reviewed, or after 7 days.`
        : `Thanks! Your review of ${partnerName} becomes visible once they review you too, or after 7 days.`,
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-lg border bg-muted/40 p-4"
      aria-labelledby={`${id}-title`}
      data-testid={`form-review-${tradeId}`}
    >
      <div>
        <p id={`${id}-title`} className="font-semibold">
          Leave a review
        </p>
        <p className="text-sm text-muted-foreground">
          {inRing ? `How was receiving from ${partnerName}?` : `How was trading with ${partnerName}?`}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              legend="Overall"
              name={`${id}-rating`}
              value={field.value}
              onChange={field.onChange}
              error={errors.rating?.message}
              testIdPrefix={`input-rating-${tradeId}`}
            />
          )}
        />
        <Controller
          control={control}
          name="communicationRating"
          render={({ field }) => (
            <StarRatingInput
              legend="Communication"
              name={`${id}-communication`}
              value={field.value}
              onChange={field.onChange}
              error={errors.communicationRating?.message}
              testIdPrefix={`input-communication-${tradeId}`}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="itemConditionAccurate"
        render={({ field }) => (
          <YesNoInput
            legend="Was the item as described?"
            name={`${id}-accurate`}
            value={field.value}
            onChange={field.onChange}
            error={errors.itemConditionAccurate?.message}
            testIdPrefix={`input-as-described-${tradeId}`}
          />
        )}
      />
      <Field id={`${id}-comment`} label="Comment" labelNote="(optional)" errors={errors.comment?.message}>
        {(fieldControl) => (
          <Textarea
            {...fieldControl}
            rows={3}
            maxLength={MAX_REVIEW_COMMENT_LENGTH}
            placeholder="Share how the swap went"
            {...register('comment')}
            data-testid={`input-review-comment-${tradeId}`}
          />
        )}
      </Field>
      <div>
        <Button
          type="submit"
          disabled={createReview.isPending}
          data-testid={`button-submit-review-${tradeId}`}
        >
          {createReview.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {createReview.isPending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}
