import type { Item } from '@common/api/items';
import { MIN_ITEM_PHOTOS } from '@common/domain/item-form-rules';
import { sizeOptions } from '@common/domain/size-options';
import {
  COLORS,
  CONDITION_LABELS,
  CONDITIONS,
  GENDER_LABELS,
  GENDERS,
  ITEM_CATEGORIES,
  SEASONS,
  STYLE_CATEGORY,
  STYLES,
  type ItemCategory,
} from '@common/domain/taxonomy';
import {
  MAX_BRAND_LENGTH,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TITLE_LENGTH,
} from '@common/domain/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { SuggestValueButton } from '@client/features/matching';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, isSessionLost, serverMessage } from '@client/lib/api-error';
import { cn } from '@client/lib/utils';
import { useSaveItemMutation } from '../api';
import {
  EMPTY_ITEM_FORM,
  FORM_FIELDS,
  formValuesToInput,
  itemFormSchema,
  itemToFormValues,
  type ItemFormValues,
} from '../item-form-schema';
import { usePhotoUploads } from '../use-photo-uploads';
import { categoryLabel } from './item-badges';
import { PhotoUploader } from './photo-uploader';
import { TagInput } from './tag-input';

type ItemFormOutput = z.output<typeof itemFormSchema>;

const COLOR_SWATCHES: Record<(typeof COLORS)[number], string> = {
  Black: '#111827',
  White: '#ffffff',
  Gray: '#9ca3af',
  Navy: '#1e3a8a',
  Brown: '#7c4a23',
  Beige: '#e8d9b5',
  Red: '#dc2626',
  Pink: '#f472b6',
  Blue: '#3b82f6',
  Green: '#16a34a',
  Yellow: '#facc15',
  Purple: '#9333ea',
  Orange: '#f97316',
};

/**
 * The List Item dialog (issue 3): creates an item, or with `item` edits it (same form, PATCH).
 * Opened from the navigation bar's 'List Item' button and the owner's Edit menu.
 */
export function ListItemDialog({
  open,
  onOpenChange,
  item,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: Item;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl gap-0 p-0 sm:max-h-[calc(100dvh-4rem)]"
        data-testid="dialog-list-item"
        onOpenAutoFocus={(event) => {
          // Focus the first field rather than the photo button at the top.
          event.preventDefault();
          document.getElementById('item-title')?.focus();
        }}
      >
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{item ? 'Edit Item' : 'List an Item'}</DialogTitle>
          <DialogDescription>
            {item
              ? 'Update the details and photos of your listing.'
              : 'Add photos and details so other members can offer a swap.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: the form starts fresh, or from the item being edited. */}
        {open ? <ItemForm item={item} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ItemForm({ item, onDone }: { item?: Item; onDone: () => void }) {
  const uploads = usePhotoUploads(item?.images ?? []);
  const [photosError, setPhotosError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveItemMutation(item);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: item ? itemToFormValues(item) : EMPTY_ITEM_FORM,
    mode: 'onTouched',
  });
  const category = watch('category');
  const style = watch('style');
  const styles = STYLES.filter((entry) => STYLE_CATEGORY[entry] === category);
  const sizeSuggestions = sizeSuggestionsFor(category, style);

  const checkPhotos = (): string | null => {
    if (uploads.uploading) return 'Wait for the photos to finish uploading.';
    if (uploads.failed) return 'Remove or retry the photos that failed to upload.';
    if (uploads.urls.length < MIN_ITEM_PHOTOS) return 'Add at least one photo';
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
              ? { title: 'Item updated', description: 'Your changes have been saved' }
              : { title: 'Item listed!', description: `"${saved.title}" is now live in the marketplace` },
          );
          onDone();
        },
        onError: (error) => {
          // A lost session is handled by the mutation cache (query-client.ts).
          if (isSessionLost(error)) return;
          for (const issue of error instanceof ApiError ? error.issues : []) {
            const field = issue.path[0] === 'estimatedValue' ? 'value' : String(issue.path[0]);
            if (field === 'images') setPhotosError(issue.message);
            else if (FORM_FIELDS.has(field))
              setError(field as FieldPath<ItemFormValues>, { message: issue.message });
          }
          setServerError(serverMessage(error) ?? (item ? 'Failed to update item' : 'Failed to list item'));
        },
      });
    },
    () => setPhotosError(checkPhotos()),
  );

  const errorId = (field: string) => `item-${field}-error`;
  const fieldError = (field: keyof ItemFormValues) => errors[field]?.message;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex min-h-0 flex-col"
      aria-label={item ? 'Edit item' : 'List an item'}
    >
      <div className="grid gap-5 px-6 py-5">
        <PhotoUploader uploads={uploads} error={photosError ?? undefined} />

        <Field id="item-title" label="Title" error={fieldError('title')}>
          <Input
            id="item-title"
            placeholder="e.g. Levi's 501 straight jeans"
            maxLength={MAX_TITLE_LENGTH}
            aria-invalid={Boolean(errors.title) || undefined}
            aria-describedby={errors.title ? errorId('title') : undefined}
            aria-required="true"
            {...register('title')}
          />
        </Field>

        <Field id="item-description" label="Description" error={fieldError('description')}>
          <Textarea
            id="item-description"
            rows={4}
            maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
            placeholder="Fit, material, measurements, any signs of wear, what you would like in return..."
            aria-invalid={Boolean(errors.description) || undefined}
            aria-describedby={errors.description ? errorId('description') : undefined}
            aria-required="true"
            {...register('description')}
          />
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="item-category" label="Category" error={fieldError('category')}>
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(next) => {
                    field.onChange(next);
                    if (style && STYLE_CATEGORY[style as keyof typeof STYLE_CATEGORY] !== next)
                      setValue('style', '');
                  }}
                >
                  <SelectTrigger
                    id="item-category"
                    onBlur={field.onBlur}
                    aria-invalid={Boolean(errors.category) || undefined}
                    aria-describedby={errors.category ? errorId('category') : undefined}
                    className={cn(errors.category && 'border-destructive')}
                    data-testid="select-item-category"
                  >
                    <SelectValue placeholder="Choose a category" />
                  </SelectTrigger>
                  <SelectContent>
                    {ITEM_CATEGORIES.map((entry) => (
                      <SelectItem key={entry} value={entry}>
                        {categoryLabel(entry)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>

          <Field id="item-gender" label="For" error={fieldError('gender')}>
            <Controller
              control={control}
              name="gender"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="item-gender"
                    onBlur={field.onBlur}
                    aria-invalid={Boolean(errors.gender) || undefined}
                    aria-describedby={errors.gender ? errorId('gender') : undefined}
                    className={cn(errors.gender && 'border-destructive')}
                    data-testid="select-item-gender"
                  >
                    <SelectValue placeholder="Women, Men, Unisex or Kids" />
                  </SelectTrigger>
                  <SelectContent>
                    {GENDERS.map((entry) => (
                      <SelectItem key={entry} value={entry}>
                        {GENDER_LABELS[entry]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>

          <Field id="item-style" label="Style" optional error={fieldError('style')}>
            <Controller
              control={control}
              name="style"
              render={({ field }) => (
                <Select
                  value={field.value || 'none'}
                  onValueChange={(next) => field.onChange(next === 'none' ? '' : next)}
                  disabled={!category}
                >
                  <SelectTrigger
                    id="item-style"
                    onBlur={field.onBlur}
                    aria-invalid={Boolean(errors.style) || undefined}
                    aria-describedby={errors.style ? errorId('style') : undefined}
                    data-testid="select-item-style"
                  >
                    <SelectValue placeholder={category ? 'No particular style' : 'Choose a category first'} />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="none">No particular style</SelectItem>
                    {styles.map((entry) => (
                      <SelectItem key={entry} value={entry}>
                        {entry}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>

          <Field id="item-condition" label="Condition" error={fieldError('condition')}>
            <Controller
              control={control}
              name="condition"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="item-condition"
                    onBlur={field.onBlur}
                    aria-invalid={Boolean(errors.condition) || undefined}
                    aria-describedby={errors.condition ? errorId('condition') : undefined}
                    className={cn(errors.condition && 'border-destructive')}
                    data-testid="select-item-condition"
                  >
                    <SelectValue placeholder="How worn is it?" />
                  </SelectTrigger>
                  <SelectContent>
                    {CONDITIONS.map((entry) => (
                      <SelectItem key={entry} value={entry}>
                        {CONDITION_LABELS[entry]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>

          <Field id="item-brand" label="Brand" optional error={fieldError('brand')}>
            <Input
              id="item-brand"
              placeholder="e.g. Zara"
              maxLength={MAX_BRAND_LENGTH}
              autoComplete="off"
              aria-invalid={Boolean(errors.brand) || undefined}
              aria-describedby={errors.brand ? errorId('brand') : undefined}
              {...register('brand')}
            />
          </Field>

          <Field id="item-size" label="Size" optional error={fieldError('size')}>
            <Input
              id="item-size"
              placeholder={
                sizeSuggestions.length ? `e.g. ${sizeSuggestions.slice(0, 3).join(', ')}` : 'One size'
              }
              maxLength={MAX_SIZE_LENGTH}
              autoComplete="off"
              list={sizeSuggestions.length ? 'item-size-options' : undefined}
              aria-invalid={Boolean(errors.size) || undefined}
              aria-describedby={errors.size ? errorId('size') : undefined}
              {...register('size')}
            />
            {sizeSuggestions.length ? (
              <datalist id="item-size-options">
                {sizeSuggestions.map((size) => (
                  <option key={size} value={size} />
                ))}
              </datalist>
            ) : null}
          </Field>

          <Field
            id="item-value"
            label="Estimated value (USD)"
            error={fieldError('value')}
            hint="What you think it is worth; swaps are item for item, nobody pays."
          >
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                aria-hidden="true"
              >
                $
              </span>
              <Input
                id="item-value"
                inputMode="decimal"
                placeholder="25.00"
                className="pl-7"
                aria-invalid={Boolean(errors.value) || undefined}
                aria-describedby={['item-value-hint', errors.value ? errorId('value') : null]
                  .filter(Boolean)
                  .join(' ')}
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
          </Field>

          <Field id="item-location" label="Location" optional error={fieldError('location')}>
            <Input
              id="item-location"
              placeholder="e.g. Berlin"
              maxLength={MAX_LOCATION_LENGTH}
              autoComplete="address-level2"
              aria-invalid={Boolean(errors.location) || undefined}
              aria-describedby={errors.location ? errorId('location') : undefined}
              {...register('location')}
            />
          </Field>
        </div>

        <Controller
          control={control}
          name="colors"
          render={({ field }) => (
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">
                Colours <span className="font-normal text-muted-foreground">(optional)</span>
              </legend>
              <div className="flex flex-wrap gap-2">
                {COLORS.map((color) => (
                  <ToggleChip
                    key={color}
                    pressed={field.value.includes(color)}
                    onClick={() =>
                      field.onChange(
                        field.value.includes(color)
                          ? field.value.filter((entry) => entry !== color)
                          : [...field.value, color],
                      )
                    }
                    data-testid={`button-color-${color.toLowerCase()}`}
                  >
                    <span
                      aria-hidden="true"
                      className="size-3.5 rounded-full ring-1 ring-black/20"
                      style={{ backgroundColor: COLOR_SWATCHES[color] }}
                    />
                    {color}
                  </ToggleChip>
                ))}
              </div>
            </fieldset>
          )}
        />

        <Controller
          control={control}
          name="seasons"
          render={({ field }) => (
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">
                Seasons <span className="font-normal text-muted-foreground">(optional)</span>
              </legend>
              <div className="flex flex-wrap gap-2">
                {SEASONS.map((season) => (
                  <ToggleChip
                    key={season}
                    pressed={field.value.includes(season)}
                    onClick={() =>
                      field.onChange(
                        field.value.includes(season)
                          ? field.value.filter((entry) => entry !== season)
                          : [...field.value, season],
                      )
                    }
                    data-testid={`button-season-${season.toLowerCase()}`}
                  >
                    {season}
                  </ToggleChip>
                ))}
              </div>
            </fieldset>
          )}
        />

        <Field
          id="item-tags"
          label="Tags"
          optional
          error={errors.tags?.message}
          hint="Press Enter or type a comma after each tag; up to 20."
        >
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagInput
                id="item-tags"
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.tags)}
                describedBy="item-tags-hint"
              />
            )}
          />
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

      <div className="sticky bottom-0 flex gap-2 border-t bg-card px-6 py-4 sm:justify-end">
        <Button
          type="button"
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={onDone}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button
          type="submit"
          className="flex-1 sm:flex-none"
          disabled={save.isPending || uploads.uploading}
          data-testid="button-submit-item"
        >
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending
            ? item
              ? 'Saving...'
              : 'Listing...'
            : uploads.uploading
              ? 'Uploading photos...'
              : item
                ? 'Save Changes'
                : 'List Item'}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  optional = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Size suggestions for the chosen category and style (the box accepts any size). */
function sizeSuggestionsFor(category: string, style: string): readonly string[] {
  if (style) return sizeOptions(style);
  const byCategory: Record<ItemCategory, string> = {
    clothing: 'Tops',
    shoes: 'Shoes',
    accessories: 'Accessories',
  };
  return category in byCategory ? sizeOptions(byCategory[category as ItemCategory]) : [];
}
