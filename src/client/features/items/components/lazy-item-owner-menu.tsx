import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';

/*
 * Only an item's owner sees its Edit/Delete menu (a Radix dropdown), while cards and list rows are
 * on every page, the home pages' in the first bundle: the menu's code loads when an owner's item
 * first shows, with a disabled look-alike button meanwhile.
 */
const ItemOwnerMenu = lazy(() =>
  import('./item-owner-menu').then((module) => ({ default: module.ItemOwnerMenu })),
);

export function LazyItemOwnerMenu(props: ComponentProps<typeof ItemOwnerMenu>) {
  const { t } = useTranslation('items');
  const { item, label = t('owner.manage'), className, size = 'sm', variant = 'outline' } = props;
  return (
    <Suspense
      fallback={
        <Button
          variant={variant}
          size={size}
          className={className}
          disabled
          aria-label={t('owner.manageTitle', { title: item.title })}
        >
          <Ellipsis aria-hidden="true" />
          {label}
        </Button>
      }
    >
      <ItemOwnerMenu {...props} />
    </Suspense>
  );
}
