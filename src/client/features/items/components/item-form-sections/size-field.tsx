import { MAX_SIZE_LENGTH } from '@common/domain/limits';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { listingSizeGroups } from '@client/i18n/labels';
import { useCommunity } from '@client/lib/community';
import type { ItemFormApi } from './form-api';

/**
 * The item's size: a choice among the size systems of its category, type and gender in the
 * community's country, or typed when none applies. A size from before the size systems (or typed
 * elsewhere) stays on offer while editing.
 */
export function ItemSizeField({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const community = useCommunity();
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const size = watch('size');
  const sizeGroups = listingSizeGroups(
    watch('category'),
    watch('subcategory'),
    watch('gender'),
    community?.country,
  );
  const legacySize = size && !sizeGroups.some((group) => group.sizes.includes(size)) ? size : undefined;
  return (
    <Field id="item-size" label={t('form.size')} labelNote={t('form.optional')} errors={errors.size?.message}>
      {(fieldControl) =>
        sizeGroups.length ? (
          // A native select: on phones it opens the system picker, which scrolls long size lists well.
          <select
            {...fieldControl}
            className="h-10 w-full rounded-md border border-input bg-card px-3 text-base shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none md:text-sm"
            data-testid="select-item-size"
            {...register('size')}
          >
            <option value="">{t('form.notSpecified')}</option>
            {legacySize ? <option value={legacySize}>{legacySize}</option> : null}
            {sizeGroups.map((group) => (
              <optgroup key={group.system} label={group.label}>
                {group.sizes.map((entry) => (
                  <option key={entry} value={entry}>
                    {/* i18n-ignore: a size system's id, not a text */}
                    {group.system === 'us-shoe' ? t('form.usSize', { size: entry }) : entry}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        ) : (
          <Input
            {...fieldControl}
            placeholder={t('form.sizePlaceholder')}
            maxLength={MAX_SIZE_LENGTH}
            autoComplete="off"
            {...register('size')}
          />
        )
      }
    </Field>
  );
}
