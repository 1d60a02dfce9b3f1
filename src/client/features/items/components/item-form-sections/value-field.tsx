import { toAmountInput } from '@common/domain/currency';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { SuggestValueButton } from '@client/features/matching';
import { useAmountField } from '@client/i18n/amounts';
import type { ItemFormApi } from './form-api';

/** The item's estimated value in the community's currency, with a suggestion from similar items. */
export function ItemValueField({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const amount = useAmountField();
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const category = watch('category');
  const style = watch('style');
  return (
    <Field
      id="item-value"
      label={t('form.value', { currency: amount.currency })}
      errors={errors.value?.message}
      hint={t('form.valueHint')}
    >
      {(fieldControl) => (
        <>
          <div className="relative">
            <span
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
              aria-hidden="true"
            >
              {amount.symbol}
            </span>
            <Input
              {...fieldControl}
              inputMode={amount.step < 1 ? 'decimal' : 'numeric'}
              placeholder={amount.placeholder}
              className={amount.symbol.length > 1 ? 'pl-12' : 'pl-7'}
              aria-required="true"
              {...register('value')}
            />
          </div>
          <SuggestValueButton
            className="mt-2"
            category={category}
            style={style}
            brand={watch('brand')}
            condition={watch('condition')}
            onSuggest={(cents) =>
              setValue('value', toAmountInput(cents, amount.currency), {
                shouldValidate: true,
                shouldDirty: true,
              })
            }
          />
        </>
      )}
    </Field>
  );
}
