import type { TradeRequest } from '@common/api/trades';
import { type DealField, photoChange, type TermsChange, type TermValue } from '@common/domain/trade-terms';
import type { TFunction } from 'i18next';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '@client/i18n/format';

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
  const first = (side === 'requested' ? trade.requestedItemId : trade.offeredItemId) === itemId;
  return `${prefix}-${side}-${trade.id}${first ? '' : `-${itemId}`}`;
}

/**
 * One deal field's value as a person reads it, in the page's language (formatTermValue in
 * @common/domain/trade-terms, translated): member-typed values stay as they are.
 */
function termValue(t: TFunction<'trades'>, format: Formatters, field: DealField, value: TermValue): string {
  if (value === null || value === '') return t('changes.none');
  if (Array.isArray(value)) return t('changes.photoCount', { count: value.length });
  if (field === 'estimatedValue' && typeof value === 'number') return format.money(value);
  const text = String(value);
  if (field === 'condition') return t(`conditions.${text}`, { defaultValue: text });
  if (field === 'gender') return t(`changes.genders.${text}`, { defaultValue: text });
  if (field === 'category') return t(`changes.categories.${text}`, { defaultValue: text });
  return text;
}

function photoText(t: TFunction<'trades'>, format: Formatters, change: TermsChange) {
  const before = Array.isArray(change.before) ? change.before : [];
  const after = Array.isArray(change.after) ? change.after : [];
  const { added, removed } = photoChange(before, after);
  const parts = [
    added > 0 ? t('changes.added', { count: added }) : '',
    removed > 0 ? t('changes.removed', { count: removed }) : '',
    added === 0 && removed === 0 ? t('changes.reordered') : '',
  ].filter(Boolean);
  return t('changes.photos', { parts: parts.join(', '), now: termValue(t, format, 'images', after) });
}

/** Field by field: what the request said, and what the item says now. */
export function TermsChangeList({ changes, testId }: { changes: TermsChange[]; testId?: string }) {
  return (
    <dl className="grid gap-1.5 text-sm" data-testid={testId}>
      {changes.map((change) => (
        <TermsChangeRow key={change.field} change={change} />
      ))}
    </dl>
  );
}

function TermsChangeRow({ change }: { change: TermsChange }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const photos = change.field === 'images';
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-2">
      <dt className="font-medium">{t(`changes.fields.${change.field}`)}</dt>
      <dd className="min-w-0 break-words text-muted-foreground">
        {photos ? (
          photoText(t, format, change)
        ) : (
          <>
            <del className="line-clamp-3">{termValue(t, format, change.field, change.before)}</del>
            <span className="sr-only"> {t('changes.changedTo')} </span>
            <ins className="line-clamp-3 text-foreground no-underline">
              {termValue(t, format, change.field, change.after)}
            </ins>
          </>
        )}
      </dd>
    </div>
  );
}

/** On a pending trade's card: which item changed since the request, and how. */
export function ChangedSinceRequest({ trade }: { trade: TradeRequest }) {
  const { t } = useTranslation('trades');
  const changed = changedItems(trade);
  if (trade.status !== 'pending' || changed.length === 0) return null;
  return (
    <section
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
      aria-label={t('changes.title')}
      data-testid={`terms-changed-${trade.id}`}
    >
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {t('changes.title')}
      </p>
      {changed.map(({ side, item, changes }) => (
        <div key={item.id} className="grid gap-1">
          <p className="text-sm break-words">{t('quoted', { text: item.title })}</p>
          <TermsChangeList changes={changes} testId={changesTestId('terms-changes', trade, side, item.id)} />
        </div>
      ))}
    </section>
  );
}
