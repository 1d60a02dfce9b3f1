import type { Draft } from '@common/api/drafts';
import type { Item } from '@common/api/items';
import { MIN_ITEM_PHOTOS } from '@common/domain/item-form-rules';
import { CircleAlert } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '@client/lib/api-error';
import { errorText, isSessionLost } from '@client/lib/api-error';
import { serverFieldProblems } from '@client/lib/form-errors';
import { localizedResolver } from '@client/lib/form-resolver';
import { useAuth } from '@client/lib/session';
import { toast } from '@client/components/ui/use-toast';
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
import { ItemCategoryFields } from './item-form-sections/category-fields';
import { ItemConditionFields } from './item-form-sections/condition-fields';
import { ItemDetailsFields, ItemLocationField } from './item-form-sections/details-fields';
import { ItemExtrasFields } from './item-form-sections/extras-fields';
import { ItemFormActions } from './item-form-sections/form-actions';
import { ItemSizeField } from './item-form-sections/size-field';
import { ItemValueField } from './item-form-sections/value-field';
import { PhotoUploader } from './photo-uploader';

/** A field of the server's answer, as the form names it: one of its fields, or the photos. */
type ItemServerField = FieldPath<ItemFormValues> | 'images';
const FIELD_NAMES = [...FORM_FIELDS, 'images'] as ItemServerField[];
/** The contract's `estimatedValue` is the form's `value`; the photos have their own message. */
function itemFieldOf(issue: FieldIssue): ItemServerField | null {
  const field = issue.path[0] === 'estimatedValue' ? 'value' : String(issue.path[0]);
  return field === 'images' || FORM_FIELDS.has(field) ? (field as ItemServerField) : null;
}

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
  const { user: member } = useAuth();
  const form = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: localizedResolver(itemFormSchema),
    // A new listing starts at the member's own location (the town chosen at onboarding or in settings).
    defaultValues: item
      ? itemToFormValues(item)
      : draft
        ? draftToFormValues(draft)
        : { ...EMPTY_ITEM_FORM, location: member?.location ?? '' },
    mode: 'onTouched',
  });
  const {
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { isDirty },
  } = form;

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
    const problems = serverFieldProblems(error, { fields: FIELD_NAMES, fieldOf: itemFieldOf });
    for (const [field, message] of problems) {
      if (field === 'images') setPhotosError(message);
      else setError(field, { message });
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
        {/* After a refused save, the photos' problem as it is now: gone once photos are in. */}
        <PhotoUploader uploads={uploads} error={photosError ? (checkPhotos() ?? undefined) : undefined} />

        <ItemDetailsFields form={form} />

        <div className="grid gap-5 sm:grid-cols-2">
          <ItemCategoryFields form={form} />
          <ItemConditionFields form={form} />
          <ItemSizeField form={form} />
          <ItemValueField form={form} />
          <ItemLocationField form={form} />
        </div>

        <ItemExtrasFields form={form} />

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

      <ItemFormActions
        editing={item !== undefined}
        offerDraft={offerDraft}
        onKeepEditing={() => setOfferDraft(false)}
        onDiscard={onDone}
        onCancel={cancel}
        onSaveDraft={onSaveDraft}
        busy={busy}
        uploading={uploads.uploading}
        saving={save.isPending}
        savingDraft={saveDraft.isPending}
      />
    </form>
  );
}
