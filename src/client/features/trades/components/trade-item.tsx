import type { TradeItemSummary } from '@common/api/trades';
import { formatDollars } from '@common/domain/money';
import { CONDITION_LABELS } from '@common/domain/taxonomy';
import { ItemThumbnail } from './item-thumbnail';

/** One item of a trade as a small card: cover photo, a label (whose, or which version), title, value and condition. */
export function TradeItem({ label, item }: { label: string; item: TradeItemSummary }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2">
      <ItemThumbnail images={item.images} className="size-16 sm:size-20" />
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
        <p className="line-clamp-2 text-sm font-semibold break-words">{item.title}</p>
        <p className="text-sm text-muted-foreground">
          {formatDollars(item.estimatedValue)} · {CONDITION_LABELS[item.condition]}
        </p>
      </div>
    </div>
  );
}
