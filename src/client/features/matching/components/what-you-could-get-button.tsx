import type { Item } from '@common/api/items';
import { Repeat } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { useAuth } from '@client/lib/session';

const WhatYouCouldGetDialog = lazy(() =>
  import('./what-you-could-get-dialog').then((module) => ({ default: module.WhatYouCouldGetDialog })),
);

/**
 * Opens 'What You Could Get' (potential trades) for one of the member's own items. Renders nothing
 * for anyone but the item's owner, or for an item that is not listed (the API only matches listed
 * items), so a view can place it unconditionally.
 */
export function WhatYouCouldGetButton({
  item,
  variant = 'secondary',
  size,
  className,
}: {
  item: Item;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const { t } = useTranslation('matching');
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  if (!user || user.id !== item.userId || !item.isActive) return null;

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid={`button-what-you-could-get-${item.id}`}
      >
        <Repeat aria-hidden="true" />
        {t('whatYouCouldGet.button')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <WhatYouCouldGetDialog item={item} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
