import { MAX_BRAND_LENGTH } from '@common/domain/limits';
import { CONDITIONS } from '@common/domain/taxonomy';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { CONDITION_LABELS } from '@client/i18n/labels';
import { ItemSelectField } from '../item-select-field';
import type { ItemFormApi } from './form-api';

/** The item's condition and brand. */
export function ItemConditionFields({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const {
    control,
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <ItemSelectField
        control={control}
        name="condition"
        label={t('form.condition')}
        error={errors.condition?.message}
        placeholder={t('form.conditionPlaceholder')}
        options={CONDITIONS.map((entry) => ({ value: entry, label: CONDITION_LABELS[entry] }))}
      />

      <Field
        id="item-brand"
        label={t('form.brand')}
        labelNote={t('form.optional')}
        errors={errors.brand?.message}
      >
        {(fieldControl) => (
          <Input
            {...fieldControl}
            placeholder={t('form.brandPlaceholder')}
            maxLength={MAX_BRAND_LENGTH}
            autoComplete="off"
            {...register('brand')}
          />
        )}
      </Field>
    </>
  );
}
