import type { Draft } from '@common/api/drafts';
import type { Item } from '@common/api/items';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemForm } from './item-form';

/**
 * The List Item dialog: creates an item, or with `item` edits it (same form, PATCH), or with
 * `draft` finishes a saved draft. Opened from the navigation bar's 'List Item' button, the owner's
 * Edit menu and the drafts under My Items.
 */
export interface ListItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this item instead of listing a new one. */
  item?: Item;
  /** Finish this saved draft. */
  draft?: Draft;
}

export function ListItemDialog({ open, onOpenChange, item, draft }: ListItemDialogProps) {
  // Closing with unsaved input first offers to save a draft (the form decides; item-form.tsx).
  const { t } = useTranslation('items');
  const closeGuard = useRef<(() => boolean) | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && closeGuard.current?.()) return;
        onOpenChange(next);
      }}
    >
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
          <DialogTitle>
            {item
              ? t('form.dialog.titleEdit')
              : draft
                ? t('form.dialog.titleDraft')
                : t('form.dialog.titleNew')}
          </DialogTitle>
          <DialogDescription>
            {item ? t('form.dialog.descriptionEdit') : t('form.dialog.descriptionNew')}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: the form starts fresh, or from the item or draft being edited. */}
        {open ? (
          <ItemForm item={item} draft={draft} onDone={() => onOpenChange(false)} closeGuard={closeGuard} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
