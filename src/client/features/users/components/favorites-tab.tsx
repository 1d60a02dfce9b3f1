import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useFavorites } from '@client/features/favorites';
import { ProfileItemsSection } from './profile-items-section';

/** docs/product.md (Screens): Favorites: 3 skeletons while loading, 'No favorites yet' when empty. */
export function FavoritesTab() {
  const { t } = useTranslation('users');
  const { data, isPending, isError, refetch } = useFavorites();

  return (
    <ProfileItemsSection
      headingId="favorites-heading"
      title={t('favorites.title')}
      description={t('favorites.description')}
      icon={Heart}
      items={data?.map((favorite) => favorite.item)}
      isPending={isPending}
      isError={isError}
      onRetry={() => void refetch()}
      errorTitle={t('favorites.error')}
      empty={{
        title: t('favorites.emptyTitle'),
        description: t('favorites.emptyDescription'),
        testId: 'text-no-favorites',
        action: (
          <Button asChild variant="outline">
            <Link href="/browse">{t('favorites.browse')}</Link>
          </Button>
        ),
      }}
      skeletons={3}
      testId="grid-favorites"
    />
  );
}
