import { valueBarPercents } from '@common/domain/trade-preview';
import { isFairTrade, valueHint } from '@common/domain/value-hint';
import { BadgeCheck, Scale, TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';

const HINT_ICONS = { similar: Scale, 'yours-higher': TrendingUp, 'theirs-higher': TrendingDown } as const;

export interface ComparedItem {
  title: string;
  /** Estimated value in cents. */
  value: number;
}

/**
 * docs/product.md (Trades): the value hint and the 'Fair Trade' badge for a pair of items. `bars`
 * (the trade preview) names the section and draws a bar per item to see the gap at a glance; the
 * barter form shows the two values side by side and announces the hint as the offer changes.
 * `testIdPrefix` tells the preview's hint and badge from the form's.
 */
export function ValueComparison({
  yours,
  theirs,
  bars = false,
  testIdPrefix = '',
}: {
  yours: ComparedItem;
  theirs: ComparedItem;
  bars?: boolean;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('layout');
  const hint = valueHint(yours.value, theirs.value);
  const Icon = HINT_ICONS[hint];
  return (
    <section aria-label={t('valueComparison.title')} className="grid gap-3 rounded-lg border bg-muted/40 p-3">
      {bars ? <ValueBars yours={yours} theirs={theirs} /> : <ValueSummary yours={yours} theirs={theirs} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className={cn(
            'inline-flex items-center gap-1.5 font-medium',
            !bars && 'text-sm',
            hint === 'similar' ? 'text-primary' : 'text-amber-700',
          )}
          data-testid={`text-${testIdPrefix}value-hint`}
          aria-live={bars ? undefined : 'polite'}
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {t(`valueComparison.hint.${hint}`)}
        </p>
        {isFairTrade(yours.value, theirs.value) ? (
          <Badge data-testid={`badge-${testIdPrefix}fair-trade`}>
            <BadgeCheck aria-hidden="true" />
            {t('valueComparison.fairTrade')}
          </Badge>
        ) : null}
      </div>
    </section>
  );
}

function ValueSummary({ yours, theirs }: { yours: ComparedItem; theirs: ComparedItem }) {
  const { t } = useTranslation('layout');
  const format = useFormat();
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-muted-foreground">{t('valueComparison.yourItem')}</dt>
        <dd className="text-base font-semibold">{format.money(yours.value)}</dd>
      </div>
      <div className="text-right">
        <dt className="text-muted-foreground">{t('valueComparison.theirItem')}</dt>
        <dd className="text-base font-semibold">{format.money(theirs.value)}</dd>
      </div>
    </dl>
  );
}

function ValueBars({ yours, theirs }: { yours: ComparedItem; theirs: ComparedItem }) {
  const { t } = useTranslation('layout');
  const format = useFormat();
  const percents = valueBarPercents(yours.value, theirs.value);
  return (
    <>
      <h3 className="text-sm font-semibold">{t('valueComparison.title')}</h3>
      <ul className="grid gap-2.5">
        {[
          {
            key: 'user',
            item: yours,
            label: t('valueComparison.yourItem'),
            percent: percents.user,
            tone: 'bg-primary',
          },
          {
            key: 'target',
            item: theirs,
            label: t('valueComparison.theirItem'),
            percent: percents.target,
            tone: 'bg-coral',
          },
        ].map(({ key, item, label, percent, tone }) => (
          <li key={key} className="grid gap-1">
            <span className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 truncate text-muted-foreground">
                {label}
                <span className="sr-only">, {item.title}:</span>
              </span>
              <span className="font-semibold tabular-nums">{format.money(item.value)}</span>
            </span>
            <span className="block h-1.5 overflow-hidden rounded-full bg-border" aria-hidden="true">
              <span className={cn('block h-full rounded-full', tone)} style={{ width: `${percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
