import { FilePen, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';

/**
 * The form's buttons, kept at the bottom: Cancel, 'Save draft' (new listings and drafts) and the
 * submit ('List Item', 'Save changes'); or, when closing with unsaved input, the offer to save it as
 * a draft, keep editing or discard it.
 */
export function ItemFormActions({
  editing,
  offerDraft,
  onKeepEditing,
  onDiscard,
  onCancel,
  onSaveDraft,
  busy,
  uploading,
  saving,
  savingDraft,
}: {
  /** Editing a listed item (no drafts then). */
  editing: boolean;
  offerDraft: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  onCancel: () => void;
  onSaveDraft: () => void;
  /** A save or a draft save is on its way. */
  busy: boolean;
  uploading: boolean;
  saving: boolean;
  savingDraft: boolean;
}) {
  const { t } = useTranslation(['items', 'drafts']);
  return (
    <>
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
            <Button type="button" variant="ghost" onClick={onKeepEditing}>
              {t('drafts:keepEditing')}
            </Button>
            <Button type="button" variant="outline" onClick={onDiscard} data-testid="button-discard-draft">
              {t('drafts:discard')}
            </Button>
            <Button
              type="button"
              onClick={onSaveDraft}
              disabled={busy || uploading}
              data-testid="button-offer-save-draft"
            >
              {savingDraft ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
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
          onClick={onCancel}
          disabled={busy}
        >
          {t('form.cancel')}
        </Button>
        {editing ? null : (
          <Button
            type="button"
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={onSaveDraft}
            disabled={busy || uploading}
            data-testid="button-save-draft"
          >
            {savingDraft ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <FilePen aria-hidden="true" />
            )}
            {savingDraft ? t('drafts:savingDraft') : t('drafts:saveDraft')}
          </Button>
        )}
        <Button
          type="submit"
          className="flex-1 sm:flex-none"
          disabled={busy || uploading}
          data-testid="button-submit-item"
        >
          {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {saving
            ? editing
              ? t('form.saving')
              : t('form.listing')
            : uploading
              ? t('form.uploading')
              : editing
                ? t('form.saveChanges')
                : t('form.listItem')}
        </Button>
      </div>
    </>
  );
}
