import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListItemButton, MyDrafts } from '@client/features/items';
import { useUserItems } from '../api';
import { ModeratedItemsNotice } from './moderated-items-notice';
import { ProfileItemsSection } from './profile-items-section';

/**
 * docs/product.md (Screens): My Items: the member's drafts first (only when there are some), then
 * 'List Item', 6 skeletons while loading, 'No items listed yet' when empty.
 */
export function MyItemsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('users');
  const { data, isPending, isError, refetch } = useUserItems(memberId);

  return (
    <div className="grid gap-8">
      <MyDrafts />
      {data ? <ModeratedItemsNotice items={data} /> : null}
      <ProfileItemsSection
        headingId="my-items-heading"
        title={t('myItems.title')}
        description={data ? t('myItems.count', { count: data.length }) : t('myItems.description')}
        action={<ListItemButton data-testid="button-profile-list-item" />}
        icon={Package}
        items={data}
        isPending={isPending}
        isError={isError}
        onRetry={() => void refetch()}
        errorTitle={t('myItems.error')}
        empty={{
          title: t('myItems.emptyTitle'),
          description: t('myItems.emptyDescription'),
          testId: 'text-no-items',
        }}
        skeletons={6}
        testId="grid-my-items"
      />
    </div>
  );
}
