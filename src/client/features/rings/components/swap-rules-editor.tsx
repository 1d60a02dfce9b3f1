import type { SwapRule, SwapRuleInput } from '@common/api/swap-rules';
import { COLORS, CONDITIONS, GENDERS, ITEM_CATEGORIES } from '@common/domain/taxonomy';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SELECT_TRIGGER_CLASSES } from '@client/components/ui/select-trigger-classes';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { useCreateSwapRule, useDeleteSwapRule, useRuleMatchCount, useSwapRules } from '../api';
import { CONDITION_LABELS, GENDER_LABELS } from '@client/i18n/labels';

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function describe(rule: SwapRule) {
  const parts = [
    rule.gender ? GENDER_LABELS[rule.gender] : null,
    rule.category ?? 'anything',
    rule.sizes.length ? `size ${rule.sizes.join('/')}` : null,
    rule.brands.length ? rule.brands.join('/') : null,
    rule.colors.length ? rule.colors.join('/') : null,
    rule.minCondition ? `${CONDITION_LABELS[rule.minCondition]} or better` : null,
    `${rule.minValueRatio}–${rule.maxValueRatio}× value`,
    rule.itemIds.length
      ? `for ${rule.itemIds.length} chosen listing${rule.itemIds.length === 1 ? '' : 's'}`
      : 'for all my listings',
  ];
  return parts.filter(Boolean).join(' · ');
}

/** "I'd swap for…": the member's rules, and a form that shows live how many listed items a new one matches. */
export function SwapRulesEditor() {
  const id = useId();
  const rules = useSwapRules();
  const create = useCreateSwapRule();
  const remove = useDeleteSwapRule();
  const [category, setCategory] = useState('');
  const [gender, setGender] = useState('');
  const [sizes, setSizes] = useState('');
  const [brands, setBrands] = useState('');
  const [minCondition, setMinCondition] = useState('');
  const [colors, setColors] = useState<string[]>([]);
  const [minRatio, setMinRatio] = useState('0.67');
  const [maxRatio, setMaxRatio] = useState('1.5');
  const draft = {
    category: category || null,
    gender: gender || null,
    sizes: list(sizes),
    brands: list(brands),
    minCondition: minCondition || null,
    colors,
    minValueRatio: Number(minRatio) || 0.67,
    maxValueRatio: Number(maxRatio) || 1.5,
  } as SwapRuleInput;
  const count = useRuleMatchCount(draft);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await create.mutateAsync(draft).catch(() => undefined);
  };
  const select = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: Array<[string, string]>,
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${label}`}>{label}</Label>
      <select
        id={`${id}-${label}`}
        className={SELECT_TRIGGER_CLASSES}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">I'd swap for…</CardTitle>
        <p className="text-sm text-muted-foreground">
          Rules say what you would accept for your listings. Your favourites ({rules.data?.favorites ?? 0})
          and wishlist entries ({rules.data?.wishlistEntries ?? 0}) count as rules too.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        {rules.data && rules.data.rules.length > 0 ? (
          <ul className="space-y-2" aria-label="Your swap rules">
            {rules.data.rules.map((rule) => (
              <li
                key={rule.id}
                className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm"
              >
                <span>
                  {describe(rule)} — <strong>{rule.matchCount}</strong> matching items
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Delete rule"
                  onClick={() => remove.mutate(rule.id)}
                  disabled={remove.isPending}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No rules yet.</p>
        )}
        <form className="space-y-4" onSubmit={submit} aria-label="New swap rule">
          <div className="grid gap-4 sm:grid-cols-3">
            {select(
              'Category',
              category,
              setCategory,
              ITEM_CATEGORIES.map((c) => [c, c[0]?.toUpperCase() + c.slice(1)]),
            )}
            {select(
              'Department',
              gender,
              setGender,
              GENDERS.map((g) => [g, GENDER_LABELS[g]]),
            )}
            {select(
              'Minimum condition',
              minCondition,
              setMinCondition,
              CONDITIONS.map((c) => [c, CONDITION_LABELS[c]]),
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-sizes`}>Sizes (comma-separated)</Label>
              <Input
                id={`${id}-sizes`}
                value={sizes}
                maxLength={200}
                onChange={(e) => setSizes(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-brands`}>Brands (comma-separated)</Label>
              <Input
                id={`${id}-brands`}
                value={brands}
                maxLength={400}
                onChange={(e) => setBrands(e.target.value)}
              />
            </div>
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">Colours</legend>
            <div className="flex flex-wrap gap-2">
              {COLORS.map((color) => (
                <ToggleChip
                  key={color}
                  pressed={colors.includes(color)}
                  onClick={() =>
                    setColors((now) =>
                      now.includes(color) ? now.filter((c) => c !== color) : [...now, color],
                    )
                  }
                >
                  {color}
                </ToggleChip>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid grid-cols-2 gap-4 sm:max-w-md">
            <legend className="col-span-2 mb-1.5 text-sm font-medium">
              Value, relative to the item you give
            </legend>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-min`}>From (×)</Label>
              <Input
                id={`${id}-min`}
                type="number"
                step="0.01"
                min="0.1"
                max="10"
                value={minRatio}
                onChange={(e) => setMinRatio(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-max`}>To (×)</Label>
              <Input
                id={`${id}-max`}
                type="number"
                step="0.01"
                min="0.1"
                max="10"
                value={maxRatio}
                onChange={(e) => setMaxRatio(e.target.value)}
              />
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" disabled={create.isPending} data-testid="button-save-rule">
              Save rule
            </Button>
            <p className="text-sm" aria-live="polite" data-testid="rule-match-count">
              {count.isError
                ? 'Check the rule: it cannot be counted as it is.'
                : count.data
                  ? `${count.data.matchCount} listed item${count.data.matchCount === 1 ? '' : 's'} match this rule`
                  : 'Counting matching items…'}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
