import { formatDollars } from '@common/domain/money';
import { CONDITIONS, ITEM_CATEGORIES, STYLES } from '@common/domain/taxonomy';
import { Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { useValueEstimate } from '../api';

const isOneOf = (values: readonly string[], value: string | null | undefined): value is string =>
  typeof value === 'string' && values.includes(value);

/** ['category', 'brand', 'style'] -> "category, brand and style". */
function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? 'category';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
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
            setNote('Nothing comparable is listed yet. Enter your own estimate.');
            return;
          }
          onSuggest(result.estimate);
          const range =
            result.low !== null && result.high !== null && result.low !== result.high
              ? `, most between ${formatDollars(result.low)} and ${formatDollars(result.high)}`
              : '';
          setNote(
            `Based on ${result.basis} ${result.basis === 1 ? 'listing' : 'listings'} with the same ${listOf(result.comparedBy)}${range}. Adjust it if you like.`,
          );
        },
        onError: () => setNote('Could not suggest a value right now. Enter your own estimate.'),
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
        {estimate.isPending ? 'Suggesting...' : 'Suggest value'}
      </Button>
      <p
        id={noteId}
        className="mt-1.5 text-xs text-muted-foreground"
        aria-live="polite"
        data-testid="text-suggest-value"
      >
        {ready ? note : 'Choose a category to get a suggested value.'}
      </p>
    </div>
  );
}
