import { Package } from 'lucide-react';
import { ListItemButton, MyDrafts } from '@client/features/items';
import { useUserItems } from '../api';
import { ProfileItemsSection } from './profile-items-section';

/**
 * docs/product.md (Screens): My Items: the member's drafts first (only when there are some), then
 * 'List Item', 6 skeletons while loading, 'No items listed yet' when empty.
 */
export function MyItemsTab({ memberId }: { memberId: string }) {
  const { data, isPending, isError, refetch } = useUserItems(memberId);

  return (
    <div className="grid gap-8">
      <MyDrafts />
      <ProfileItemsSection
        headingId="my-items-heading"
        title="My Items"
        description={
          data
            ? `${data.length} ${data.length === 1 ? 'item' : 'items'}, including unlisted and traded ones`
            : 'Your wardrobe on Threadswap'
        }
        action={<ListItemButton data-testid="button-profile-list-item" />}
        icon={Package}
        items={data}
        isPending={isPending}
        isError={isError}
        onRetry={() => void refetch()}
        errorTitle="We couldn't load your items"
        empty={{
          title: 'No items listed yet',
          description: 'List a piece from your wardrobe and start swapping with the community.',
          testId: 'text-no-items',
        }}
        skeletons={6}
        testId="grid-my-items"
      />
    </div>
  );
}
