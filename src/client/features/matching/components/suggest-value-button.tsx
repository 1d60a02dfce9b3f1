import { CONDITIONS, ITEM_CATEGORIES, STYLES } from '@common/domain/taxonomy';
import { Wand2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useFormat } from '@client/i18n/format';
import { useValueEstimate } from '../api';

const isOneOf = (values: readonly string[], value: string | null | undefined): value is string =>
  typeof value === 'string' && values.includes(value);

const FIELDS = ['category', 'style', 'brand', 'condition'];

/** ['category', 'brand', 'style'] -> "category, brand and style", in the language shown. */
function listOf(fields: readonly string[], t: TFunction<'matching'>): string {
  const words = fields.map((field) => (FIELDS.includes(field) ? t(`suggest.fields.${field}`) : field));
  if (words.length <= 1) return words[0] ?? t('suggest.fields.category');
  return t('suggest.pair', { first: words.slice(0, -1).join(', '), last: words.at(-1) });
}

export interface SuggestValueButtonProps {
  /** The form's current values, as the form holds them ('' when not chosen). */
  category: string;
  style?: string | null;
  brand?: string | null;
  condition?: string | null;
  /** Receives the suggested value in integer cents. */
  onSuggest: (cents: number) => void;
  className?: string;
}

/**
 * 'Suggest value' for the List Item form: the median estimated value of comparable listings
 * (GET /api/items/value-estimate: same category, then style, brand and condition when given).
 * Needs a category; tells the person what the suggestion rests on, or that nothing compares yet.
 */
export function SuggestValueButton({
  category,
  style,
  brand,
  condition,
  onSuggest,
  className,
}: SuggestValueButtonProps) {
  const { t } = useTranslation('matching');
  const format = useFormat();
  const estimate = useValueEstimate();
  const [note, setNote] = useState<string | null>(null);
  const noteId = useId();
  const ready = isOneOf(ITEM_CATEGORIES, category);

  const suggest = () => {
    if (!ready) return;
    setNote(null);
    estimate.mutate(
      {
        category,
        style: isOneOf(STYLES, style) ? style : undefined,
        brand: brand?.trim() || undefined,
        condition: isOneOf(CONDITIONS, condition) ? condition : undefined,
      },
      {
        onSuccess: (result) => {
          if (result.estimate === null) {
            setNote(t('suggest.nothing'));
            return;
          }
          onSuggest(result.estimate);
          const range =
            result.low !== null && result.high !== null && result.low !== result.high
              ? t('suggest.range', { low: format.money(result.low), high: format.money(result.high) })
              : '';
          setNote(t('suggest.basedOn', { count: result.basis, fields: listOf(result.comparedBy, t), range }));
        },
        onError: () => setNote(t('suggest.failed')),
      },
    );
  };

  return (
    <div className={className}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={suggest}
        disabled={!ready || estimate.isPending}
        aria-describedby={noteId}
        data-testid="button-suggest-value"
      >
        <Wand2 aria-hidden="true" />
        {estimate.isPending ? t('suggest.pending') : t('suggest.button')}
      </Button>
      <p
        id={noteId}
        className="mt-1.5 text-xs text-muted-foreground"
        aria-live="polite"
        data-testid="text-suggest-value"
      >
        {ready ? note : t('suggest.needCategory')}
      </p>
    </div>
  );
}
