import { MAX_TAGS } from '@common/domain/limits';
import { COLORS, SEASONS } from '@common/domain/taxonomy';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { colorLabel, seasonLabel } from '@client/i18n/labels';
import { ColorSwatch, ItemChipGroup } from '../item-chip-group';
import { TagInput } from '../tag-input';
import type { ItemFormApi } from './form-api';

/** What else helps a match: free to a good home, colours, seasons and tags. */
export function ItemExtrasFields({ form }: { form: ItemFormApi }) {
  const { t } = useTranslation('items');
  const {
    control,
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <label
        htmlFor="item-giveaway"
        className="flex items-start gap-3 rounded-lg border p-3 text-sm"
        data-testid="toggle-giveaway"
      >
        <input
          id="item-giveaway"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...register('giveaway')}
        />
        <span>
          <span className="block font-medium">{t('form.giveaway')}</span>
          <span className="block text-muted-foreground">{t('form.giveawayHint')}</span>
        </span>
      </label>

      <Controller
        control={control}
        name="colors"
        render={({ field }) => (
          <ItemChipGroup
            legend={t('form.colours')}
            options={COLORS}
            optionLabel={colorLabel}
            value={field.value}
            onChange={field.onChange}
            testIdPrefix="button-color"
            decorate={(color) => <ColorSwatch color={color} />}
          />
        )}
      />

      <Controller
        control={control}
        name="seasons"
        render={({ field }) => (
          <ItemChipGroup
            legend={t('form.seasons')}
            options={SEASONS}
            optionLabel={seasonLabel}
            value={field.value}
            onChange={field.onChange}
            testIdPrefix="button-season"
          />
        )}
      />

      <Field
        id="item-tags"
        label={t('form.tags')}
        labelNote={t('form.optional')}
        errors={errors.tags?.message}
        hint={t('form.tagsHint', { max: MAX_TAGS })}
      >
        {(fieldControl) => (
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagInput
                id={fieldControl.id}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(fieldControl['aria-invalid'])}
                describedBy={fieldControl['aria-describedby']}
              />
            )}
          />
        )}
      </Field>
    </>
  );
}
