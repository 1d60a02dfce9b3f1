import type { Item } from '@common/api/items';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAuth } from '@client/lib/session';

/*
 * The dialog opens from item cards, which ship in the first bundle; the dialog (see
 * BarterActionsProvider) and its bodies load on first open so they stay out of it (to keep the first load small).
 */
const BarterRequestForm = lazy(() =>
  import('./barter-request-form').then((module) => ({ default: module.BarterRequestForm })),
);
const SuggestedBarters = lazy(() =>
  import('./suggested-barters').then((module) => ({ default: module.SuggestedBarters })),
);

export interface BarterDialogProps {
  item: Item;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * docs/product.md (Trades): Barter click, for a signed-in member: on another member's item, 'Make a Barter
 * Request'; on their own item, 'Suggested Barter Alternatives'. (Visitors are stopped with a
 * sign-in dialog before this one opens.) Closing unmounts the body, which resets the form.
 */
export function BarterDialog({ item, open, onOpenChange }: BarterDialogProps) {
  const { t } = useTranslation('trades');
  const { user } = useAuth();
  const close = () => onOpenChange(false);

  if (user && user.id === item.userId) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-xl" data-testid="dialog-suggested-barters">
          <DialogHeader>
            <DialogTitle>{t('barterDialog.suggestedTitle')}</DialogTitle>
            <DialogDescription>
              {t('barterDialog.suggestedDescription', { title: item.title })}
            </DialogDescription>
          </DialogHeader>
          <Suspense fallback={<BodyLoading />}>
            <SuggestedBarters item={item} open={open} onViewItem={close} />
          </Suspense>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="dialog-barter">
        <DialogHeader>
          <DialogTitle>{t('barterDialog.requestTitle')}</DialogTitle>
          <DialogDescription>{t('barterDialog.requestDescription')}</DialogDescription>
        </DialogHeader>
        {user ? (
          <Suspense fallback={<BodyLoading />}>
            <BarterRequestForm item={item} memberId={user.id} onSent={close} />
          </Suspense>
        ) : (
          <p className="text-sm text-muted-foreground">{t('barterDialog.signIn')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BodyLoading() {
  const { t } = useTranslation('trades');
  return (
    <div className="grid gap-3" role="status">
      <span className="sr-only">{t('barterDialog.loading')}</span>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
