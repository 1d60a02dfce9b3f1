import type { Item } from '@common/api/items';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { ItemGrid } from '@client/features/items';

/**
 * A profile tab listing items (My Items, Favorites): the heading and its description, an optional
 * action beside them, then the items as cards, `skeletons` placeholders while they load, `empty`
 * when there are none, or `errorTitle` with 'Try again'.
 */
export function ProfileItemsSection({
  headingId,
  title,
  description,
  action,
  icon,
  items,
  isPending,
  isError,
  onRetry,
  errorTitle,
  empty,
  skeletons,
  testId,
}: {
  headingId: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  icon: LucideIcon;
  items: readonly Item[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  errorTitle: string;
  empty: Omit<ComponentProps<typeof EmptyState>, 'icon'>;
  skeletons: number;
  testId: string;
}) {
  const { t } = useTranslation('users');
  const heading = (
    <div>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {isError ? (
        <EmptyState
          icon={icon}
          title={errorTitle}
          action={
            <Button variant="outline" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : !isPending && items?.length === 0 ? (
        <EmptyState icon={icon} {...empty} />
      ) : (
        <ItemGrid items={items ?? []} loading={isPending} skeletons={skeletons} testId={testId} />
      )}
    </section>
  );
}
