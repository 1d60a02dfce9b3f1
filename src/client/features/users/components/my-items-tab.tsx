import { Package } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { ItemGrid, ListItemButton } from '@client/features/items';
import { useUserItems } from '../api';
import { EmptyState } from '@client/components/ui/empty-state';

/** docs/product.md (Screens): My Items: 'List Item', 6 skeletons while loading, 'No items listed yet' when empty. */
export function MyItemsTab({ memberId }: { memberId: string }) {
  const { data, isPending, isError, refetch } = useUserItems(memberId);

  return (
    <section aria-labelledby="my-items-heading" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="my-items-heading" className="text-xl font-semibold">
            My Items
          </h2>
          <p className="text-sm text-muted-foreground">
            {data
              ? `${data.length} ${data.length === 1 ? 'item' : 'items'}, including unlisted and traded ones`
              : 'Your wardrobe on Threadswap'}
          </p>
        </div>
        <ListItemButton data-testid="button-profile-list-item" />
      </div>
      {isError ? (
        <EmptyState
          icon={Package}
          title="We couldn't load your items"
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : !isPending && data.length === 0 ? (
        <EmptyState
          icon={Package}
          title="No items listed yet"
          description="List a piece from your wardrobe and start swapping with the community."
          testId="text-no-items"
        />
      ) : (
        <ItemGrid items={data ?? []} loading={isPending} skeletons={6} testId="grid-my-items" />
      )}
    </section>
  );
}
