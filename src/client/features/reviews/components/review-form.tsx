import { MAX_REVIEW_COMMENT_LENGTH } from '@common/domain/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { toast } from '@client/components/ui/use-toast';
import { Textarea } from '@client/components/ui/textarea';
import { useCreateReview } from '../api';
import { StarRatingInput } from './star-rating-input';
import { YesNoInput } from './yes-no-input';

const stars = (message: string) => z.number().int().min(1, { message }).max(5, { message });

/** The form's rules, with their messages in the page's language. */
function reviewForm(t: TFunction<'reviews'>) {
  return z.object({
    rating: stars(t('form.ratingRequired')),
    communicationRating: stars(t('form.communicationRequired')),
    // Optional going in (nothing is pre-chosen), required coming out.
    itemConditionAccurate: z
      .boolean()
      .optional()
      .pipe(z.boolean({ message: t('form.asDescribedRequired') })),
    comment: z
      .string()
      .trim()
      .max(MAX_REVIEW_COMMENT_LENGTH, {
        message: t('form.commentTooLong', { max: MAX_REVIEW_COMMENT_LENGTH }),
      }),
  });
}
type ReviewForm = z.output<ReturnType<typeof reviewForm>>;
type ReviewFormValues = z.input<ReturnType<typeof reviewForm>>;

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
  const { t } = useTranslation('reviews');
  const id = useId();
  const schema = useMemo(() => reviewForm(t), [t]);
  const inRing = 'ringId' in subject;
  const tradeId = inRing ? subject.ringId : subject.tradeRequestId;
  const createReview = useCreateReview(onReviewed);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewForm>({
    resolver: zodResolver(schema),
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
      title: t('form.submitted.title'),
      description: t(inRing ? 'form.submitted.ring' : 'form.submitted.trade', { name: partnerName }),
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
          {t('form.title')}
        </p>
        <p className="text-sm text-muted-foreground">
          {t(inRing ? 'form.questionRing' : 'form.questionTrade', { name: partnerName })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              legend={t('form.overall')}
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
              legend={t('form.communication')}
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
            legend={t('form.asDescribed')}
            name={`${id}-accurate`}
            value={field.value}
            onChange={field.onChange}
            error={errors.itemConditionAccurate?.message}
            testIdPrefix={`input-as-described-${tradeId}`}
          />
        )}
      />
      <Field
        id={`${id}-comment`}
        label={t('form.comment')}
        labelNote={t('form.optional')}
        errors={errors.comment?.message}
      >
        {(fieldControl) => (
          <Textarea
            {...fieldControl}
            rows={3}
            maxLength={MAX_REVIEW_COMMENT_LENGTH}
            placeholder={t('form.commentPlaceholder')}
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
          {createReview.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
