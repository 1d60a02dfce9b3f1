import type { SwapRule, SwapRuleInput } from '@common/api/swap-rules';
import { COLORS, CONDITIONS, GENDERS, ITEM_CATEGORIES } from '@common/domain/taxonomy';
import { valueBandWords } from '@common/domain/value-band';
import type { TFunction } from 'i18next';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { SELECT_TRIGGER_CLASSES } from '@client/components/ui/select-trigger-classes';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { useFormat } from '@client/i18n/format';
import { useCreateSwapRule, useDeleteSwapRule, useRuleMatchCount, useSwapRules } from '../api';

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The band in plain words: 'within ±50% of my item's value', 'worth 67% to 150% of my item's value'. */
function describeBand(
  rule: Pick<SwapRule, 'minValueRatio' | 'maxValueRatio'>,
  t: TFunction<'rings'>,
  number: (value: number, options?: Intl.NumberFormatOptions) => string,
) {
  const percent = (value: number) => number(value / 100, { style: 'percent' });
  const band = valueBandWords(rule.minValueRatio, rule.maxValueRatio);
  return band.kind === 'within'
    ? t('rules.describe.within', { percent: percent(band.percent) })
    : t('rules.describe.between', { min: percent(band.min), max: percent(band.max) });
}

function describe(
  rule: SwapRule,
  t: TFunction<'rings'>,
  number: (value: number, options?: Intl.NumberFormatOptions) => string,
) {
  const parts = [
    rule.gender ? t(`genders.${rule.gender}`) : null,
    rule.category ? t(`categoriesLower.${rule.category}`) : t('rules.describe.anything'),
    rule.sizes.length ? t('rules.describe.size', { sizes: rule.sizes.join('/') }) : null,
    rule.brands.length ? rule.brands.join('/') : null,
    rule.colors.length ? rule.colors.map((color) => t(`colors.${color}`)).join('/') : null,
    rule.minCondition
      ? t('rules.describe.orBetter', { condition: t(`conditions.${rule.minCondition}`) })
      : null,
    describeBand(rule, t, number),
    rule.itemIds.length
      ? t('rules.describe.chosen', { count: rule.itemIds.length })
      : t('rules.describe.all'),
  ];
  return parts.filter(Boolean).join(' · ');
}

const DEFAULT_MIN_RATIO = '0.67';
const DEFAULT_MAX_RATIO = '1.5';

/** "I'd swap for…": the member's rules, and a form that shows live how many listed items a new one matches. */
export function SwapRulesEditor() {
  const { t } = useTranslation('rings');
  const format = useFormat();
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
  const [minRatio, setMinRatio] = useState(DEFAULT_MIN_RATIO);
  const [maxRatio, setMaxRatio] = useState(DEFAULT_MAX_RATIO);
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

  /** After a save the form starts over, so the next rule is not the last one again. */
  const resetForm = () => {
    setCategory('');
    setGender('');
    setSizes('');
    setBrands('');
    setMinCondition('');
    setColors([]);
    setMinRatio(DEFAULT_MIN_RATIO);
    setMaxRatio(DEFAULT_MAX_RATIO);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await create.mutateAsync(draft).then(
      () => true,
      () => false,
    );
    if (saved) resetForm();
  };
  const select = (
    name: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: Array<[string, string]>,
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <select
        id={`${id}-${name}`}
        className={SELECT_TRIGGER_CLASSES}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('rules.any')}</option>
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
        <CardTitle className="text-lg">{t('rules.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t('rules.intro', {
            favorites: rules.data?.favorites ?? 0,
            wishlistEntries: rules.data?.wishlistEntries ?? 0,
          })}
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        {rules.data && rules.data.rules.length > 0 ? (
          <ul className="space-y-2" aria-label={t('rules.listLabel')}>
            {rules.data.rules.map((rule) => (
              <li
                key={rule.id}
                className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm"
                data-testid={`swap-rule-${rule.id}`}
              >
                <span>
                  <Trans
                    t={t}
                    i18nKey="rules.matching"
                    values={{ rule: describe(rule, t, format.number), count: rule.matchCount }}
                    components={{ strong: <strong /> }}
                  />
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('rules.delete')}
                  onClick={() => remove.mutate(rule.id)}
                  disabled={remove.isPending}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('rules.none')}</p>
        )}
        <form className="space-y-4" onSubmit={submit} aria-label={t('rules.formLabel')}>
          <div className="grid gap-4 sm:grid-cols-3">
            {select(
              'category',
              t('rules.category'),
              category,
              setCategory,
              ITEM_CATEGORIES.map((c) => [c, t(`categories.${c}`)]),
            )}
            {select(
              'department',
              t('rules.department'),
              gender,
              setGender,
              GENDERS.map((g) => [g, t(`genders.${g}`)]),
            )}
            {select(
              'condition',
              t('rules.minCondition'),
              minCondition,
              setMinCondition,
              CONDITIONS.map((c) => [c, t(`conditions.${c}`)]),
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-sizes`}>{t('rules.sizes')}</Label>
              <Input
                id={`${id}-sizes`}
                value={sizes}
                maxLength={200}
                onChange={(e) => setSizes(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-brands`}>{t('rules.brands')}</Label>
              <Input
                id={`${id}-brands`}
                value={brands}
                maxLength={400}
                onChange={(e) => setBrands(e.target.value)}
              />
            </div>
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">{t('rules.colours')}</legend>
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
                  {t(`colors.${color}`)}
                </ToggleChip>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid grid-cols-2 gap-4 sm:max-w-md">
            <legend className="col-span-2 mb-1.5 text-sm font-medium">{t('rules.value')}</legend>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-min`}>{t('rules.from')}</Label>
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
              <Label htmlFor={`${id}-max`}>{t('rules.to')}</Label>
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
            <p className="col-span-2 text-sm text-muted-foreground" data-testid="text-rule-band">
              {describeBand(
                { minValueRatio: draft.minValueRatio ?? 0.67, maxValueRatio: draft.maxValueRatio ?? 1.5 },
                t,
                format.number,
              )}
            </p>
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" disabled={create.isPending} data-testid="button-save-rule">
              {t('rules.save')}
            </Button>
            <p className="text-sm" aria-live="polite" data-testid="rule-match-count">
              {count.isError
                ? t('rules.countError')
                : count.data
                  ? t('rules.count', { count: count.data.matchCount })
                  : t('rules.counting')}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
