import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useFavorites } from '@client/features/favorites';
import { ItemGrid } from '@client/features/items';
import { EmptyState } from '@client/components/ui/empty-state';

/** docs/product.md (Screens): Favorites: 3 skeletons while loading, 'No favorites yet' when empty. */
export function FavoritesTab() {
  const { data, isPending, isError, refetch } = useFavorites();

  return (
    <section aria-labelledby="favorites-heading" className="grid gap-5">
      <div>
        <h2 id="favorites-heading" className="text-xl font-semibold">
          Favorites
        </h2>
        <p className="text-sm text-muted-foreground">Pieces you have saved with the heart button</p>
      </div>
      {isError ? (
        <EmptyState
          icon={Heart}
          title="We couldn't load your favorites"
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : !isPending && data.length === 0 ? (
        <EmptyState
          icon={Heart}
          title="No favorites yet"
          description="Tap the heart on any item to keep it here for later."
          testId="text-no-favorites"
          action={
            <Button asChild variant="outline">
              <Link href="/browse">Browse Items</Link>
            </Button>
          }
        />
      ) : (
        <ItemGrid
          items={(data ?? []).map((favorite) => favorite.item)}
          loading={isPending}
          skeletons={3}
          testId="grid-favorites"
        />
      )}
    </section>
  );
}
