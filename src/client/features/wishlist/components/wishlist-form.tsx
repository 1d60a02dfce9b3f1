import { zodResolver } from '@hookform/resolvers/zod';
import { WISHLIST_CATEGORIES } from '@common/domain/taxonomy';
import {
  EMPTY_WISHLIST_FORM,
  WISHLIST_CATEGORY_LABELS,
  type WishlistFormValues,
} from '@common/domain/wishlist-rules';
import {
  MAX_BRAND_LENGTH,
  MAX_SIZE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WISHLIST_DESCRIPTION_LENGTH,
} from '@common/domain/limits';
import type { ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/utils';
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
 * Spec §2/§5 wishlist form: Item Title, Category, Brand, Size, Description and Max value (dollars),
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
  const invalid = (field: keyof WishlistFormValues) => ({
    'aria-invalid': Boolean(errors[field]) || undefined,
    'aria-describedby': errors[field] ? `${id(field)}-error` : undefined,
  });

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
        <Field id={id('title')} label="Item Title" error={errors.title?.message}>
          <Input
            id={id('title')}
            data-testid={id('title')}
            placeholder="e.g. Vintage denim jacket"
            autoComplete="off"
            maxLength={MAX_TITLE_LENGTH}
            aria-required="true"
            {...invalid('title')}
            {...register('title')}
          />
        </Field>
        <Field id={id('category')} label="Category" error={errors.category?.message}>
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger
                  id={id('category')}
                  data-testid={id('category')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-required="true"
                  className={cn(errors.category && 'border-destructive')}
                  {...invalid('category')}
                >
                  <SelectValue placeholder="Select a category" />
                </SelectTrigger>
                <SelectContent>
                  {WISHLIST_CATEGORIES.map((category) => (
                    <SelectItem
                      key={category}
                      value={category}
                      data-testid={`option-${id('category')}-${category}`}
                    >
                      {WISHLIST_CATEGORY_LABELS[category]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id={id('brand')} label="Brand" optional error={errors.brand?.message}>
          <Input
            id={id('brand')}
            data-testid={id('brand')}
            placeholder="Any brand"
            autoComplete="off"
            maxLength={MAX_BRAND_LENGTH}
            {...invalid('brand')}
            {...register('brand')}
          />
        </Field>
        <Field id={id('size')} label="Size" optional error={errors.size?.message}>
          <Input
            id={id('size')}
            data-testid={id('size')}
            placeholder="e.g. M or 8"
            autoComplete="off"
            maxLength={MAX_SIZE_LENGTH}
            {...invalid('size')}
            {...register('size')}
          />
        </Field>
      </div>
      <Field id={id('description')} label="Description" optional error={errors.description?.message}>
        <Textarea
          id={id('description')}
          data-testid={id('description')}
          placeholder="Colour, fit, materials or anything else you are looking for"
          rows={3}
          maxLength={MAX_WISHLIST_DESCRIPTION_LENGTH}
          className="min-h-20"
          {...invalid('description')}
          {...register('description')}
        />
      </Field>
      <Field
        id={id('maxValue')}
        label="Max value"
        optional
        hint="In dollars. Leave empty for no limit."
        error={errors.maxValue?.message}
        className="sm:max-w-[calc(50%-0.5rem)]"
      >
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
          >
            $
          </span>
          <Input
            id={id('maxValue')}
            data-testid={id('maxValue')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            className="pl-7"
            {...invalid('maxValue')}
            aria-describedby={[`${id('maxValue')}-hint`, errors.maxValue ? `${id('maxValue')}-error` : '']
              .join(' ')
              .trim()}
            {...register('maxValue')}
          />
        </div>
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} data-testid={`button-cancel-${idPrefix}`}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} data-testid={`button-submit-${idPrefix}`}>
          {pending ? 'Adding...' : 'Add to Wishlist'}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (Optional)</span> : null}
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
