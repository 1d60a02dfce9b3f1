import type { Item } from '@common/api/items';
import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useDeleteItem } from '../use-item-controls';
import { LazyListItemDialog, preloadListItemDialog } from './lazy-list-item-dialog';

/**
 * The owner's Edit/Delete menu, shown instead of Barter (docs/product.md, Items). Edit opens the
 * List Item form filled with the item; Delete asks the browser's confirmation first.
 */
export function ItemOwnerMenu({
  item,
  onDeleted,
  label,
  className,
  size = 'sm',
  variant = 'outline',
  testId = `button-item-menu-${item.id}`,
}: {
  item: Item;
  onDeleted?: () => void;
  label?: string;
  className?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  testId?: string;
}) {
  const { t } = useTranslation('items');
  const [editing, setEditing] = useState(false);
  const { remove, isPending } = useDeleteItem();

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant={variant}
            size={size}
            className={className}
            disabled={isPending}
            aria-label={t('owner.manageTitle', { title: item.title })}
            onPointerEnter={preloadListItemDialog}
            data-testid={testId}
          >
            <Ellipsis aria-hidden="true" />
            {label ?? t('owner.manage')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem onSelect={() => setEditing(true)} data-testid="menu-edit-item">
            <Pencil aria-hidden="true" />
            {t('owner.edit')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => void remove(item, onDeleted)}
            data-testid="menu-delete-item"
          >
            <Trash2 aria-hidden="true" />
            {t('owner.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyListItemDialog open={editing} onOpenChange={setEditing} item={item} />
    </>
  );
}
