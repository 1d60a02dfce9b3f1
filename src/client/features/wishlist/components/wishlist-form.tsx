import { zodResolver } from '@hookform/resolvers/zod';
import { WISHLIST_CATEGORIES, WISHLIST_SUBCATEGORY } from '@common/domain/taxonomy';
import { EMPTY_WISHLIST_FORM, type WishlistFormValues } from '@common/domain/wishlist-rules';
import {
  MAX_BRAND_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WISHLIST_DESCRIPTION_LENGTH,
} from '@common/domain/limits';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { useAmountField } from '@client/i18n/amounts';
import { cn } from '@client/lib/utils';
import { WISHLIST_CATEGORY_LABELS } from '@client/i18n/labels';
import { wishlistFormSchema } from '../wishlist-form-schema';

export interface WishlistFormProps {
  /**
   * Prefix of every field id and test id: 'wishlist' on the page (wishlist-title, ...,
   * button-submit-wishlist), something else in the dialog so both can exist at once.
   */
  idPrefix: string;
  defaultValues?: Partial<WishlistFormValues>;
  pending: boolean;
  /** Sends the entry; resolves true when it was saved, which resets the form. */
  onSubmit: (values: WishlistFormValues) => Promise<boolean>;
  onCancel: () => void;
  /** Called when the person submits without a title or category (the dialog's toast). */
  onMissingRequired?: () => void;
  className?: string;
  testId?: string;
}

/**
 * docs/product.md (Wishlist and matching): wishlist form: Item Title, Category, Brand, Size, Description and Max value (dollars),
 * with 'Add to Wishlist' ('Adding...' and disabled while sending) and 'Cancel'.
 */
export function WishlistForm({
  idPrefix,
  defaultValues,
  pending,
  onSubmit,
  onCancel,
  onMissingRequired,
  className,
  testId,
}: WishlistFormProps) {
  const { t } = useTranslation('wishlist');
  const amount = useAmountField();
  /** The note after an optional field's label. */
  const optional = t('form.optional');
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WishlistFormValues>({
    resolver: zodResolver(wishlistFormSchema),
    defaultValues: { ...EMPTY_WISHLIST_FORM, ...defaultValues },
  });

  const id = (field: keyof WishlistFormValues) => `${idPrefix}-${field === 'maxValue' ? 'max-value' : field}`;

  const submit = handleSubmit(
    async (values) => {
      if (await onSubmit(values)) reset({ ...EMPTY_WISHLIST_FORM, ...defaultValues });
    },
    (fieldErrors: FieldErrors<WishlistFormValues>) => {
      if (fieldErrors.title || fieldErrors.category) onMissingRequired?.();
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className={cn('grid gap-4', className)}
      data-testid={testId}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('title')} label={t('form.title')} errors={errors.title?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              data-testid={id('title')}
              placeholder={t('form.titlePlaceholder')}
              autoComplete="off"
              maxLength={MAX_TITLE_LENGTH}
              aria-required="true"
              {...register('title')}
            />
          )}
        </Field>
        <Field id={id('category')} label={t('form.category')} errors={errors.category?.message}>
          {(fieldControl) => (
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger
                    {...fieldControl}
                    data-testid={id('category')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-required="true"
                    className={cn(errors.category && 'border-destructive')}
                  >
                    <SelectValue placeholder={t('form.categoryPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {/* The site's taxonomy: each category, its subcategories indented under it. */}
                    {WISHLIST_CATEGORIES.map((category) => (
                      <SelectItem
                        key={category}
                        value={category}
                        className={cn(WISHLIST_SUBCATEGORY[category] && 'pl-8')}
                        data-testid={`option-${id('category')}-${category}`}
                      >
                        {WISHLIST_CATEGORY_LABELS[category]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        <Field id={id('brand')} label={t('form.brand')} labelNote={optional} errors={errors.brand?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              data-testid={id('brand')}
              placeholder={t('form.brandPlaceholder')}
              autoComplete="off"
              maxLength={MAX_BRAND_LENGTH}
              {...register('brand')}
            />
          )}
        </Field>
        <Field id={id('size')} label={t('form.size')} labelNote={optional} errors={errors.size?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              data-testid={id('size')}
              placeholder={t('form.sizePlaceholder')}
              autoComplete="off"
              maxLength={MAX_SIZE_LENGTH}
              {...register('size')}
            />
          )}
        </Field>
      </div>
      <Field
        id={id('description')}
        label={t('form.description')}
        labelNote={optional}
        errors={errors.description?.message}
      >
        {(fieldControl) => (
          <Textarea
            {...fieldControl}
            data-testid={id('description')}
            placeholder={t('form.descriptionPlaceholder')}
            rows={3}
            maxLength={MAX_WISHLIST_DESCRIPTION_LENGTH}
            className="min-h-20"
            {...register('description')}
          />
        )}
      </Field>
      <Field
        id={id('maxValue')}
        label={t('form.maxValue')}
        labelNote={optional}
        hint={t('form.maxValueHint', amount.values)}
        errors={errors.maxValue?.message}
        className="sm:max-w-[calc(50%-0.5rem)]"
      >
        {(fieldControl) => (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
            >
              {amount.symbol}
            </span>
            <Input
              {...fieldControl}
              data-testid={id('maxValue')}
              type="number"
              inputMode="decimal"
              min={0}
              step={amount.step}
              placeholder={amount.placeholder}
              className={amount.symbol.length > 1 ? 'pl-12' : 'pl-7'}
              {...register('maxValue')}
            />
          </div>
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} data-testid={`button-cancel-${idPrefix}`}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid={`button-submit-${idPrefix}`}>
          {pending ? t('form.adding') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
