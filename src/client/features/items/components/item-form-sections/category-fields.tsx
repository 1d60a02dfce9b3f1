import {
  GENDERS,
  ITEM_CATEGORIES,
  STYLE_CATEGORY,
  STYLES,
  isSubcategoryOf,
  subcategoriesOf,
} from '@common/domain/taxonomy';
import { useTranslation } from 'react-i18next';
import { GENDER_LABELS, SUBCATEGORY_LABELS, styleLabel } from '@client/i18n/labels';
import { categoryLabel } from '../item-badges';
import { ItemSelectField } from '../item-select-field';
import type { ItemFormApi } from './form-api';

/** The select's value for "none": a select cannot hold the empty string. */
const NO_STYLE = 'none';

/**
 * What the item is: its category, its type within it, who it is for, and its style. Choosing another
 * category clears a type or style that does not belong to it.
 */
export function ItemCategoryFields({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const {
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const category = watch('category');
  const style = watch('style');
  const subcategory = watch('subcategory');
  const styles = STYLES.filter((entry) => STYLE_CATEGORY[entry] === category);
  return (
    <>
      <ItemSelectField
        control={control}
        name="category"
        label={t('form.category')}
        error={errors.category?.message}
        placeholder={t('form.chooseCategory')}
        options={ITEM_CATEGORIES.map((entry) => ({ value: entry, label: categoryLabel(entry) }))}
        onPicked={(next) => {
          if (style && STYLE_CATEGORY[style as keyof typeof STYLE_CATEGORY] !== next) setValue('style', '');
          if (subcategory && !isSubcategoryOf(subcategory, next)) setValue('subcategory', '');
        }}
      />

      <ItemSelectField
        control={control}
        name="subcategory"
        label={t('form.type')}
        labelNote={t('form.optional')}
        error={errors.subcategory?.message}
        placeholder={category ? t('form.chooseType') : t('form.chooseCategoryFirst')}
        options={[
          { value: NO_STYLE, label: t('form.notSpecified') },
          ...subcategoriesOf(category).map((entry) => ({
            value: entry,
            label: SUBCATEGORY_LABELS[entry],
          })),
        ]}
        disabled={!category}
        toValue={(value) => value || NO_STYLE}
        fromValue={(value) => (value === NO_STYLE ? '' : value)}
        markInvalid={false}
      />

      <ItemSelectField
        control={control}
        name="gender"
        label={t('form.for')}
        error={errors.gender?.message}
        placeholder={t('form.forPlaceholder')}
        options={GENDERS.map((entry) => ({ value: entry, label: GENDER_LABELS[entry] }))}
      />

      <ItemSelectField
        control={control}
        name="style"
        label={t('form.style')}
        labelNote={t('form.optional')}
        error={errors.style?.message}
        placeholder={category ? t('form.noStyle') : t('form.chooseCategoryFirst')}
        options={[
          { value: NO_STYLE, label: t('form.noStyle') },
          ...styles.map((entry) => ({ value: entry, label: styleLabel(entry) })),
        ]}
        disabled={!category}
        toValue={(value) => value || NO_STYLE}
        fromValue={(value) => (value === NO_STYLE ? '' : value)}
        markInvalid={false}
      />
    </>
  );
}
