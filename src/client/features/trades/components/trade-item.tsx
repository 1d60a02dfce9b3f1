import type { TradeItemSummary } from '@common/api/trades';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFormat } from '@client/i18n/format';
import { ItemThumbnail } from './item-thumbnail';

const BOX = 'flex min-w-0 items-center gap-3 rounded-lg border p-2';

/**
 * One item of a trade as a small card that opens the item's detail view: cover photo, a label
 * (whose, or which version), title, value, size and condition.
 */
export function TradeItem({
  label,
  item,
  linked = true,
}: {
  label: string;
  item: TradeItemSummary;
  /** false inside a dialog, where following the link would leave the decision half made. */
  linked?: boolean;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const body = (
    <>
      <ItemThumbnail images={item.images} className="size-16 sm:size-20" />
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
        <p className="line-clamp-2 text-sm font-semibold break-words">{item.title}</p>
        <p className="text-sm text-muted-foreground">
          {format.money(item.estimatedValue)} · {t(`conditions.${item.condition}`)}
        </p>
        {item.size ? (
          <p className="text-sm text-muted-foreground" data-testid={`text-trade-item-size-${item.id}`}>
            {t('size', { size: item.size })}
          </p>
        ) : null}
      </div>
    </>
  );
  if (!linked) return <div className={`${BOX} bg-card`}>{body}</div>;
  return (
    <Link
      href={`/browse?highlight=${item.id}`}
      className={`${BOX} bg-card transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none`}
      data-testid={`link-trade-item-${item.id}`}
    >
      {body}
    </Link>
  );
}
