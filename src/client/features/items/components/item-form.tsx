import type { Draft } from '@common/api/drafts';
import type { Item } from '@common/api/items';
import { MIN_ITEM_PHOTOS } from '@common/domain/item-form-rules';
import {
  MAX_BRAND_LENGTH,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
} from '@common/domain/limits';
import {
  COLORS,
  CONDITIONS,
  GENDERS,
  ITEM_CATEGORIES,
  SEASONS,
  STYLE_CATEGORY,
  STYLES,
  isSubcategoryOf,
  subcategoriesOf,
} from '@common/domain/taxonomy';

import { CircleAlert, FilePen, LoaderCircle } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { localizedResolver } from '@client/lib/form-resolver';
import { cn } from '@client/lib/utils';
import { toast } from '@client/components/ui/use-toast';
import { SuggestValueButton } from '@client/features/matching';
import { ApiError, isSessionLost, errorText, issueText } from '@client/lib/api-error';
import { usePublishDraftMutation, useSaveDraftMutation, useSaveItemMutation } from '../api';
import {
  draftProblems,
  draftToFormValues,
  EMPTY_ITEM_FORM,
  FORM_FIELDS,
  formValuesToDraftInput,
  formValuesToInput,
  itemFormSchema,
  itemToFormValues,
  type ItemFormOutput,
  type ItemFormValues,
} from '../item-form-schema';
import { usePhotoUploads } from '../use-photo-uploads';
import { categoryLabel } from './item-badges';
import { ColorSwatch, ItemChipGroup } from './item-chip-group';
import { ItemSelectField } from './item-select-field';
import { PhotoUploader } from './photo-uploader';
import { TagInput } from './tag-input';
import {
  listingSizeGroups,
  colorLabel,
  seasonLabel,
  styleLabel,
  CONDITION_LABELS,
  GENDER_LABELS,
  SUBCATEGORY_LABELS,
} from '@client/i18n/labels';

const NO_STYLE = 'none';

/**
 * The List Item form: creates an item, or with `item` edits it (PATCH with the same fields), or
 * with `draft` finishes a saved draft ('List Item' publishes it, 'Save draft' saves over it).
 * The browser checks the rules first; the server's field issues then land on their fields.
 */
export function ItemForm({
  item,
  draft,
  onDone,
  closeGuard,
}: {
  item?: Item;
  draft?: Draft;
  onDone: () => void;
  /**
   * Set by the form: the dialog asks it before closing. It answers true when it has stopped the close
   * to offer saving the unsaved input as a draft.
   */
  closeGuard?: RefObject<(() => boolean) | null>;
}) {
  const { t } = useTranslation(['items', 'drafts']);
  const initialImages = item?.images ?? draft?.images ?? [];
  const uploads = usePhotoUploads(initialImages);
  const [offerDraft, setOfferDraft] = useState(false);
  const [photosError, setPhotosError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const saveItem = useSaveItemMutation(item);
  const publish = usePublishDraftMutation(draft?.id);
  const save = draft ? publish : saveItem;
  const saveDraft = useSaveDraftMutation();
  const busy = save.isPending || saveDraft.isPending;
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: localizedResolver(itemFormSchema),
    defaultValues: item ? itemToFormValues(item) : draft ? draftToFormValues(draft) : EMPTY_ITEM_FORM,
    mode: 'onTouched',
  });
  const category = watch('category');
  const style = watch('style');
  const subcategory = watch('subcategory');
  const size = watch('size');
  const styles = STYLES.filter((entry) => STYLE_CATEGORY[entry] === category);
  const sizeGroups = listingSizeGroups(category, subcategory, watch('gender'));
  // A size from before the size systems (or typed elsewhere) stays on offer while editing.
  const legacySize = size && !sizeGroups.some((group) => group.sizes.includes(size)) ? size : undefined;

  const checkPhotos = (): string | null => {
    if (uploads.uploading) return t('form.waitForPhotos');
    if (uploads.failed) return t('form.failedPhotos');
    if (uploads.urls.length < MIN_ITEM_PHOTOS) return t('form.addPhoto');
    return null;
  };

  const onSubmit = handleSubmit(
    (values) => {
      const photoProblem = checkPhotos();
      setPhotosError(photoProblem);
      if (photoProblem) return;
      setServerError(null);
      save.mutate(formValuesToInput(values, uploads.urls), {
        onSuccess: (saved) => {
          toast(
            item
              ? { title: t('form.updated'), description: t('form.updatedDescription') }
              : { title: t('form.listed'), description: t('form.listedDescription', { title: saved.title }) },
          );
          onDone();
        },
        onError: (error) => showServerError(error, item ? t('form.updateFailed') : t('form.listFailed')),
      });
    },
    () => setPhotosError(checkPhotos()),
  );

  /** A refused save: the server's field issues land on their fields, its message below the form. */
  const showServerError = (error: Error, fallback: string) => {
    // A lost session is handled by the mutation cache (query-client.ts).
    if (isSessionLost(error)) return;
    for (const issue of error instanceof ApiError ? error.issues : []) {
      const field = issue.path[0] === 'estimatedValue' ? 'value' : String(issue.path[0]);
      if (field === 'images') setPhotosError(issueText(issue));
      else if (FORM_FIELDS.has(field))
        setError(field as FieldPath<ItemFormValues>, { message: issueText(issue) });
    }
    setServerError(errorText(error) ?? fallback);
  };

  /** 'Save draft': keeps what is filled in so far; only the fields filled in must be valid. */
  const onSaveDraft = () => {
    if (uploads.uploading) return setPhotosError(t('form.waitForPhotos'));
    if (uploads.failed) return setPhotosError(t('form.failedPhotos'));
    setPhotosError(null);
    setServerError(null);
    clearErrors();
    const values = getValues();
    const problems = draftProblems(values);
    for (const problem of problems) setError(problem.field, { message: problem.message });
    if (problems.length > 0) return;
    const input = formValuesToDraftInput(values, uploads.urls);
    if (Object.keys(input).length === 0) return setServerError(t('drafts:empty'));
    saveDraft.mutate(
      { id: draft?.id, input },
      {
        onSuccess: () => {
          toast({ title: t('drafts:saved'), description: t('drafts:savedDescription') });
          onDone();
        },
        onError: (error) => showServerError(error, t('drafts:saveFailed')),
      },
    );
  };

  // Closing with unsaved input (a new listing or a draft) offers to save it as a draft first.
  const photosChanged =
    uploads.photos.length !== initialImages.length ||
    uploads.urls.some((url, index) => url !== initialImages[index]);
  const unsaved = !item && (isDirty || photosChanged);
  useEffect(() => {
    if (!closeGuard) return;
    closeGuard.current = () => {
      if (!unsaved || offerDraft || busy) return false;
      setOfferDraft(true);
      return true;
    };
    return () => {
      closeGuard.current = null;
    };
  }, [closeGuard, unsaved, offerDraft, busy]);
  const cancel = () => {
    if (closeGuard?.current?.()) return;
    onDone();
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex min-h-0 flex-col"
      aria-label={item ? t('form.labelEdit') : t('form.labelNew')}
    >
      <div className="grid gap-5 px-6 py-5">
        <PhotoUploader uploads={uploads} error={photosError ?? undefined} />

        <Field id="item-title" label={t('form.title')} errors={errors.title?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              placeholder={t('form.titlePlaceholder')}
              maxLength={MAX_TITLE_LENGTH}
              aria-required="true"
              {...register('title')}
            />
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

        <div className="grid gap-5 sm:grid-cols-2">
          <ItemSelectField
            control={control}
            name="category"
            label={t('form.category')}
            error={errors.category?.message}
            placeholder={t('form.chooseCategory')}
            options={ITEM_CATEGORIES.map((entry) => ({ value: entry, label: categoryLabel(entry) }))}
            onPicked={(next) => {
              if (style && STYLE_CATEGORY[style as keyof typeof STYLE_CATEGORY] !== next)
                setValue('style', '');
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

          <Field
            id="item-size"
            label={t('form.size')}
            labelNote={t('form.optional')}
            errors={errors.size?.message}
          >
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

          <Field
            id="item-value"
            label={t('form.value')}
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
                    $
                  </span>
                  <Input
                    {...fieldControl}
                    inputMode="decimal"
                    placeholder={t('form.valuePlaceholder')}
                    className="pl-7"
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
                    setValue('value', (cents / 100).toFixed(2), { shouldValidate: true, shouldDirty: true })
                  }
                />
              </>
            )}
          </Field>

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
        </div>

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

        {serverError ? (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
            data-testid="text-item-form-error"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{serverError}</p>
          </div>
        ) : null}
      </div>

      {offerDraft ? (
        <div
          role="alertdialog"
          aria-labelledby="offer-draft-title"
          className="sticky bottom-0 grid gap-3 border-t bg-card px-6 py-4"
          data-testid="panel-offer-draft"
        >
          <p id="offer-draft-title" className="text-sm font-medium">
            {t('drafts:offer')}
          </p>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setOfferDraft(false)}>
              {t('drafts:keepEditing')}
            </Button>
            <Button type="button" variant="outline" onClick={onDone} data-testid="button-discard-draft">
              {t('drafts:discard')}
            </Button>
            <Button
              type="button"
              onClick={onSaveDraft}
              disabled={busy || uploads.uploading}
              data-testid="button-offer-save-draft"
            >
              {saveDraft.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {t('drafts:saveDraft')}
            </Button>
          </div>
        </div>
      ) : null}
      <div
        className={cn(
          'sticky bottom-0 flex flex-wrap gap-2 border-t bg-card px-6 py-4 sm:justify-end',
          offerDraft && 'hidden',
        )}
      >
        <Button
          type="button"
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={cancel}
          disabled={busy}
        >
          {t('form.cancel')}
        </Button>
        {item ? null : (
          <Button
            type="button"
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={onSaveDraft}
            disabled={busy || uploads.uploading}
            data-testid="button-save-draft"
          >
            {saveDraft.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <FilePen aria-hidden="true" />
            )}
            {saveDraft.isPending ? t('drafts:savingDraft') : t('drafts:saveDraft')}
          </Button>
        )}
        <Button
          type="submit"
          className="flex-1 sm:flex-none"
          disabled={busy || uploads.uploading}
          data-testid="button-submit-item"
        >
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending
            ? item
              ? t('form.saving')
              : t('form.listing')
            : uploads.uploading
              ? t('form.uploading')
              : item
                ? t('form.saveChanges')
                : t('form.listItem')}
        </Button>
      </div>
    </form>
  );
}
