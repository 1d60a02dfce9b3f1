import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { LazyListItemDialog, preloadListItemDialog } from './lazy-list-item-dialog';

/** 'List Item' in the navigation bar (docs/product.md, Items): opens the listing form. */
export function ListItemButton({ onClick, onPointerEnter, ...props }: ButtonProps) {
  const { t } = useTranslation('items');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        {...props}
        aria-haspopup="dialog"
        onPointerEnter={(event) => {
          preloadListItemDialog();
          onPointerEnter?.(event);
        }}
        onClick={(event) => {
          onClick?.(event);
          setOpen(true);
        }}
      >
        <Plus aria-hidden="true" />
        {t('listItem')}
      </Button>
      <LazyListItemDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
