import {
  isValidShippingWeight,
  MAX_SHIPPING_WEIGHT_LB,
  parseDimensions,
  DEFAULT_SHIPPING_RATE,
  type ShippingRate,
  shippingCostCents,
} from '@common/domain/shipping';
import { LB_PER_KG, lbToSystem, type UnitSystem, weightToLb } from '@common/domain/units';
import { zodResolver } from '@hookform/resolvers/zod';
import { Calculator, Clock, PackageCheck, Truck } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { DialogFooter } from '@client/components/ui/dialog';
import { DialogShell } from '@client/components/ui/dialog-shell';
import { Input } from '@client/components/ui/input';
import { useFormat } from '@client/i18n/format';
import { useCommunity } from '@client/lib/community';

/**
 * The form's rules, with their messages in the page's language. The weight is typed in the
 * member's units (kilograms for metric members) and checked in pounds, the unit of the rate.
 */
const shippingForm = (t: TFunction<'shipping'>, units: UnitSystem, maxWeight: string) =>
  z.object({
    fromAddress: z
      .string()
      .trim()
      .min(1, { message: t('errors.fromRequired') })
      .max(300),
    toAddress: z
      .string()
      .trim()
      .min(1, { message: t('errors.toRequired') })
      .max(300),
    weight: z
      .string()
      .trim()
      .min(1, { message: t('errors.weightRequired') })
      .refine((value) => isValidShippingWeight(weightToLb(Number(value), units)), {
        message: t(`errors.weightRange.${units}`, { max: maxWeight }),
      }),
    dimensions: z
      .string()
      .trim()
      .min(1, { message: t('errors.dimensionsRequired') })
      .refine((value) => parseDimensions(value) !== null, {
        message: t(`errors.dimensionsFormat.${units}`),
      }),
  });
type ShippingForm = z.infer<ReturnType<typeof shippingForm>>;

const EMPTY: ShippingForm = { fromAddress: '', toAddress: '', weight: '', dimensions: '' };

interface Estimate {
  costCents: number;
  /** As typed, in the member's units. */
  weight: number;
  dimensions: string;
}

/**
 * docs/product.md (Trades): Shipping Calculation: an estimate computed in the browser (no call). Each party ships
 * its own item, so the cost is per party.
 */
export function ShippingDialog({
  open,
  onOpenChange,
  itemTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item the member is sending, named in the description. */
  itemTitle?: string;
}) {
  const { t } = useTranslation('shipping');
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-lg"
      testId="dialog-shipping"
      titleClassName="flex items-center gap-2"
      title={
        <>
          <Truck className="size-5 text-primary" aria-hidden="true" />
          {t('title')}
        </>
      }
      description={itemTitle ? t('descriptionItem', { title: itemTitle }) : t('description')}
    >
      <ShippingCalculator onDone={() => onOpenChange(false)} />
    </DialogShell>
  );
}

function ShippingCalculator({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('shipping');
  const format = useFormat();
  const { units } = format;
  // 150 lb, or 68 kg for metric members (150 lb is 68.039 kg; the message says the whole number).
  const community = useCommunity();
  const rate: ShippingRate = community
    ? { baseMinor: community.shippingBaseMinor, perPoundMinor: community.shippingPerPoundMinor }
    : DEFAULT_SHIPPING_RATE;
  const maxWeight = format.number(Math.floor(lbToSystem(MAX_SHIPPING_WEIGHT_LB, units)));
  const schema = useMemo(() => shippingForm(t, units, maxWeight), [t, units, maxWeight]);
  const id = useId();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShippingForm>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const calculate = handleSubmit((values) => {
    const weight = Number(values.weight);
    const dimensions = parseDimensions(values.dimensions);
    setEstimate({
      costCents: shippingCostCents(weightToLb(weight, units), rate),
      weight,
      dimensions: dimensions
        ? t(`estimate.size.${units}`, {
            length: format.number(dimensions.length),
            width: format.number(dimensions.width),
            height: format.number(dimensions.height),
          })
        : values.dimensions,
    });
  });

  const field = (name: keyof ShippingForm) => register(name, { onChange: () => setEstimate(null) });

  return (
    <form onSubmit={calculate} noValidate className="grid gap-4" aria-label={t('formLabel')}>
      <Field id={`${id}-fromAddress`} label={t('from')} errors={errors.fromAddress?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            autoComplete="street-address"
            placeholder={t('fromPlaceholder')}
            {...field('fromAddress')}
            data-testid="input-from-address"
          />
        )}
      </Field>
      <Field id={`${id}-toAddress`} label={t('to')} errors={errors.toAddress?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            placeholder={t('toPlaceholder')}
            {...field('toAddress')}
            data-testid="input-to-address"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-weight`} label={t(`weight.${units}`)} errors={errors.weight?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.1"
              placeholder={units === 'imperial' ? '2.5' : '1.2'}
              {...field('weight')}
              data-testid="input-weight"
            />
          )}
        </Field>
        <Field id={`${id}-dimensions`} label={t(`dimensions.${units}`)} errors={errors.dimensions?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              placeholder={units === 'imperial' ? '12x10x4' : '30x25x10'}
              {...field('dimensions')}
              data-testid="input-dimensions"
            />
          )}
        </Field>
      </div>

      {estimate ? (
        <section
          aria-live="polite"
          aria-label={t('estimate.label')}
          className="grid gap-3 rounded-lg border bg-secondary/50 p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium text-muted-foreground">{t('estimate.cost')}</span>
            <span className="text-2xl font-bold" data-testid="text-shipping-cost">
              {format.money(estimate.costCents)}{' '}
              <span className="text-sm font-medium text-muted-foreground">{t('estimate.perParty')}</span>
            </span>
          </div>
          <ul className="grid gap-1.5 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {t('estimate.delivery')}
            </li>
            <li className="flex items-center gap-2">
              <PackageCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {t('estimate.parcel', {
                weight: t(`common:mass.${units === 'imperial' ? 'lb' : 'kg'}`, {
                  value: format.number(estimate.weight, { maximumFractionDigits: 20 }),
                }),
                dimensions: estimate.dimensions,
              })}
            </li>
          </ul>
          <p className="text-xs text-muted-foreground">
            {t(`estimate.rate.${units}`, {
              base: format.money(rate.baseMinor),
              perPound: format.money(rate.perPoundMinor),
              perKg: format.money(Math.round(rate.perPoundMinor * LB_PER_KG)),
            })}
          </p>
        </section>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common:actions.close')}
        </Button>
        <Button type="submit" data-testid="button-calculate-shipping">
          <Calculator aria-hidden="true" />
          {t('calculate')}
        </Button>
      </DialogFooter>
    </form>
  );
}
