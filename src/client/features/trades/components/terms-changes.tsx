import type { TradeRequest } from '@common/api/trades';
import { formatTermValue, photoChange, type TermsChange } from '@common/domain/trade-terms';
import { TriangleAlert } from 'lucide-react';
import { DEAL_FIELD_LABELS } from '@client/i18n/labels';

/** The items of a pending trade that changed since the request (every item of a bundle), each with its changes. */
export function changedItems(trade: TradeRequest) {
  return trade.itemChanges;
}

/** A change list's test id: the first item of a side keeps the short form, a bundle's later items add their id. */
export function changesTestId(
  prefix: string,
  trade: TradeRequest,
  side: 'requested' | 'offered',
  itemId: string,
) {
  const first = (side === 'requested' ? trade.requestedItem : trade.offeredItem).id === itemId;
  return `${prefix}-${side}-${trade.id}${first ? '' : `-${itemId}`}`;
}

function photoText(change: TermsChange) {
  const before = Array.isArray(change.before) ? change.before : [];
  const after = Array.isArray(change.after) ? change.after : [];
  const { added, removed } = photoChange(before, after);
  const parts = [
    added > 0 ? `${added} added` : '',
    removed > 0 ? `${removed} removed` : '',
    added === 0 && removed === 0 ? 'reordered' : '',
  ].filter(Boolean);
  return `${parts.join(', ')} (now ${formatTermValue('images', after)})`;
}

/** Field by field: what the request said, and what the item says now. */
export function TermsChangeList({ changes, testId }: { changes: TermsChange[]; testId?: string }) {
  return (
    <dl className="grid gap-1.5 text-sm" data-testid={testId}>
      {changes.map((change) => (
        <div key={change.field} className="grid gap-0.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-2">
          <dt className="font-medium">{DEAL_FIELD_LABELS[change.field]}</dt>
          <dd className="min-w-0 break-words text-muted-foreground">
            {change.field === 'images' ? (
              photoText(change)
            ) : (
              <>
                <del className="line-clamp-3">{formatTermValue(change.field, change.before)}</del>
                <span className="sr-only"> changed to </span>
                <ins className="line-clamp-3 text-foreground no-underline">
                  {formatTermValue(change.field, change.after)}
                </ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** On a pending trade's card: which item changed since the request, and how. */
export function ChangedSinceRequest({ trade }: { trade: TradeRequest }) {
  const changed = changedItems(trade);
  if (trade.status !== 'pending' || changed.length === 0) return null;
  return (
    <section
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
      aria-label="Changed since the request"
      data-testid={`terms-changed-${trade.id}`}
    >
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        Changed since the request
      </p>
      {changed.map(({ side, item, changes }) => (
        <div key={item.id} className="grid gap-1">
          <p className="text-sm break-words">“{item.title}”</p>
          <TermsChangeList changes={changes} testId={changesTestId('terms-changes', trade, side, item.id)} />
        </div>
      ))}
    </section>
  );
}
