import type { Item } from '@common/api/items';
import { Repeat } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonProps } from '@client/components/ui/button';
import { DialogButton } from '@client/components/ui/dialog-button';
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
  if (!user || user.id !== item.userId || !item.isActive) return null;

  return (
    <DialogButton
      icon={Repeat}
      label={t('whatYouCouldGet.button')}
      variant={variant}
      size={size}
      className={className}
      testId={`button-what-you-could-get-${item.id}`}
      dialog={(state) => <WhatYouCouldGetDialog item={item} {...state} />}
    />
  );
}
