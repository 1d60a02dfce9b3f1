import type { Item } from '@common/api/items';
import { Eye, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useSuggestedBarters } from '../api';
import { ItemThumbnail } from './item-thumbnail';

/**
 * docs/product.md (Trades): 'Suggested Barter Alternatives' for the member's own item: other members' items that
 * would make a good swap, each with 'View Item' leading to /browse?highlight={itemId}. Fetched
 * only while the dialog is open and cached for 5 minutes; a failure reads like an empty list.
 */
export function SuggestedBarters({
  item,
  open,
  onViewItem,
}: {
  item: Item;
  open: boolean;
  onViewItem: () => void;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const [, navigate] = useLocation();
  const { data, isPending, isError } = useSuggestedBarters(item.id, open);
  const suggestions = Array.isArray(data) ? data.filter((candidate) => candidate.id !== item.id) : [];

  if (isPending) {
    return (
      <div className="grid gap-2" role="status">
        <span className="sr-only">{t('suggestions.loading')}</span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-20 w-full" />
        ))}
      </div>
    );
  }

  if (isError || suggestions.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center"
        data-testid="text-no-suggestions"
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <SearchX className="size-5" aria-hidden="true" />
        </span>
        <p className="font-medium">{isError ? t('suggestions.unavailable') : t('suggestions.none')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {isError ? t('suggestions.unavailableHint') : t('suggestions.noneHint')}
        </p>
      </div>
    );
  }

  return (
    <ul className="grid gap-2" aria-label={t('suggestions.listLabel')}>
      {suggestions.map((suggestion) => (
        <li
          key={suggestion.id}
          className="flex min-w-0 items-center gap-3 rounded-lg border p-2.5"
          data-testid={`suggested-item-${suggestion.id}`}
        >
          <ItemThumbnail images={suggestion.images} className="size-14" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{suggestion.title}</p>
            <p className="truncate text-xs text-muted-foreground">
              {format.money(suggestion.estimatedValue)} · {t(`conditions.${suggestion.condition}`)}
              {suggestion.owner.firstName ? ` · ${suggestion.owner.firstName}` : ''}
            </p>
          </div>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              onViewItem();
              navigate(`/browse?highlight=${suggestion.id}`);
            }}
            data-testid={`button-view-suggested-${suggestion.id}`}
          >
            <Eye aria-hidden="true" />
            {t('suggestions.view')}
            <span className="sr-only">: {suggestion.title}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
