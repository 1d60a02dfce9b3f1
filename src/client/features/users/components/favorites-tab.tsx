import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useFavorites } from '@client/features/favorites';
import { ProfileItemsSection } from './profile-items-section';

/** docs/product.md (Screens): Favorites: 3 skeletons while loading, 'No favorites yet' when empty. */
export function FavoritesTab() {
  const { data, isPending, isError, refetch } = useFavorites();

  return (
    <ProfileItemsSection
      headingId="favorites-heading"
      title="Favorites"
      description="Pieces you have saved with the heart button"
      icon={Heart}
      items={data?.map((favorite) => favorite.item)}
      isPending={isPending}
      isError={isError}
      onRetry={() => void refetch()}
      errorTitle="We couldn't load your favorites"
      empty={{
        title: 'No favorites yet',
        description: 'Tap the heart on any item to keep it here for later.',
        testId: 'text-no-favorites',
        action: (
          <Button asChild variant="outline">
            <Link href="/browse">Browse Items</Link>
          </Button>
        ),
      }}
      skeletons={3}
      testId="grid-favorites"
    />
  );
}
