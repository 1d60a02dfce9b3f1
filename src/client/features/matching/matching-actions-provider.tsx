import type { Item } from '@common/api/items';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ItemActionsProvider, type ItemActions } from '@client/lib/item-actions';

/* The dialog loads on the first Smart Match, outside the first bundle. */
const SmartMatchesDialog = lazy(() =>
  import('./components/smart-matches-dialog').then((module) => ({ default: module.SmartMatchesDialog })),
);

/**
 * Supplies Smart Match to every item card, list row and detail view: for a signed-in member on
 * another member's item (the item controls check both), it opens the Smart Matches dialog.
 */
export function MatchingActionsProvider({ children }: { children: ReactNode }) {
  const [item, setItem] = useState<Item | null>(null);
  const [open, setOpen] = useState(false);

  const actions = useMemo<ItemActions>(
    () => ({
      smartMatch: (target) => {
        setItem(target);
        setOpen(true);
      },
    }),
    [],
  );

  return (
    <ItemActionsProvider actions={actions}>
      {children}
      {item ? (
        <Suspense fallback={null}>
          <SmartMatchesDialog key={item.id} item={item} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </ItemActionsProvider>
  );
}
