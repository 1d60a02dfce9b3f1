import type { Item } from '@common/api/items';
import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { i18n } from '@client/i18n';
import { cn } from '@client/lib/utils';
import { CATEGORY_ROW, CONDITION_LABELS } from '@client/i18n/labels';

export function categoryLabel(category: Item['category']): string {
  return CATEGORY_ROW.find((entry) => entry.id === category)?.label ?? category;
}

/** The availability pill's text, read from the catalogue each time (the language may change). */
export const AVAILABILITY_BADGES: Partial<Record<Item['availability'], string>> = {
  get pending() {
    return i18n.t('items:badges.pending');
  },
  get reserved() {
    return i18n.t('items:badges.reserved');
  },
  get traded() {
    return i18n.t('items:badges.traded');
  },
};

const CONDITION_TONES: Record<Item['condition'], string> = {
  new: 'bg-emerald-700',
  'like-new': 'bg-teal-700',
  good: 'bg-sky-700',
  fair: 'bg-amber-700',
  poor: 'bg-stone-600',
};

/** The condition label on a coloured pill (white text meets contrast on every tone). */
export function ConditionBadge({
  condition,
  className,
}: {
  condition: Item['condition'];
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold text-white shadow-sm',
        CONDITION_TONES[condition],
        className,
      )}
    >
      {CONDITION_LABELS[condition]}
    </span>
  );
}

/** "Free to a good home": a giveaway's pill, beside its condition. */
export function GiveawayBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground shadow-sm',
        className,
      )}
      data-testid="badge-giveaway"
    >
      <Gift className="size-3" aria-hidden="true" />
      {i18n.t('items:giveaway.badge')}
    </span>
  );
}

/** Small neutral chips: category, size, brand. */
export function ItemChip({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground',
        className,
      )}
    >
      {children}
    </span>
  );
}
