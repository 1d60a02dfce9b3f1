import type { Item } from '@common/api/items';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ItemActionsProvider, type ItemActions } from '@client/lib/item-actions';

/* The dialog loads on the first Barter, outside the first bundle. */
const BarterDialog = lazy(() =>
  import('./barter-dialog').then((module) => ({ default: module.BarterDialog })),
);

/**
 * Wires every item card, list row and detail view inside it to the BarterDialog: 'Barter' on
 * another member's item opens the request, on the member's own item the suggested
 * alternatives. One dialog serves the whole subtree.
 */
export function BarterActionsProvider({ children }: { children: ReactNode }) {
  // The item stays set while the dialog closes, so its content does not vanish mid-animation.
  const [barter, setBarter] = useState<{ open: boolean; item: Item | null }>({ open: false, item: null });
  const actions = useMemo<ItemActions>(() => ({ barter: (item) => setBarter({ open: true, item }) }), []);

  return (
    <ItemActionsProvider actions={actions}>
      {children}
      {barter.item ? (
        <Suspense fallback={null}>
          <BarterDialog
            item={barter.item}
            open={barter.open}
            onOpenChange={(open) => setBarter((current) => ({ ...current, open }))}
          />
        </Suspense>
      ) : null}
    </ItemActionsProvider>
  );
}
