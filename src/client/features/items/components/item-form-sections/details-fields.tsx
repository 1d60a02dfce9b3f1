import { MAX_ITEM_DESCRIPTION_LENGTH, MAX_LOCATION_LENGTH, MAX_TITLE_LENGTH } from '@common/domain/limits';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/utils';
import type { ItemFormApi } from './form-api';

/** The listing's title (with its length counter) and description. */
export function ItemDetailsFields({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const titleLength = (watch('title') ?? '').length;
  return (
    <>
      <Field id="item-title" label={t('form.title')} errors={errors.title?.message}>
        {(fieldControl) => (
          <>
            {/* No maxLength: a longer title is kept and refused with a message, never cut silently. */}
            <Input
              {...fieldControl}
              placeholder={t('form.titlePlaceholder')}
              aria-required="true"
              {...register('title')}
            />
            <p
              className={cn(
                'justify-self-end text-xs tabular-nums',
                titleLength > MAX_TITLE_LENGTH ? 'font-medium text-destructive' : 'text-muted-foreground',
              )}
              aria-live="polite"
              data-testid="text-title-counter"
            >
              {t('form.titleCounter', { count: titleLength, max: MAX_TITLE_LENGTH })}
            </p>
          </>
        )}
      </Field>

      <Field id="item-description" label={t('form.description')} errors={errors.description?.message}>
        {(fieldControl) => (
          <Textarea
            {...fieldControl}
            rows={4}
            maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
            placeholder={t('form.descriptionPlaceholder')}
            aria-required="true"
            {...register('description')}
          />
        )}
      </Field>
    </>
  );
}

/** Where the item is (a new listing starts at the member's own town). */
export function ItemLocationField({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <Field
      id="item-location"
      label={t('form.location')}
      labelNote={t('form.optional')}
      errors={errors.location?.message}
    >
      {(fieldControl) => (
        <Input
          {...fieldControl}
          placeholder={t('form.locationPlaceholder')}
          maxLength={MAX_LOCATION_LENGTH}
          autoComplete="address-level2"
          {...register('location')}
        />
      )}
    </Field>
  );
}
