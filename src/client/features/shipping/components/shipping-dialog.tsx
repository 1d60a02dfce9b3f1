import { formatDollars } from '@common/domain/money';
import {
  isValidShippingWeight,
  MAX_SHIPPING_WEIGHT_LB,
  parseDimensions,
  SHIPPING_BASE_CENTS,
  SHIPPING_CENTS_PER_POUND,
  SHIPPING_DELIVERY_ESTIMATE,
  shippingCostCents,
} from '@common/domain/shipping';
import { zodResolver } from '@hookform/resolvers/zod';
import { Calculator, Clock, PackageCheck, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';

const shippingForm = z.object({
  fromAddress: z.string().trim().min(1, { message: 'From address is required' }).max(300),
  toAddress: z.string().trim().min(1, { message: 'To address is required' }).max(300),
  weight: z
    .string()
    .trim()
    .min(1, { message: 'Weight is required' })
    .refine((value) => isValidShippingWeight(Number(value)), {
      message: `Weight must be more than 0 and at most ${MAX_SHIPPING_WEIGHT_LB} lb`,
    }),
  dimensions: z
    .string()
    .trim()
    .min(1, { message: 'Dimensions are required' })
    .refine((value) => parseDimensions(value) !== null, {
      message: 'Enter length x width x height in inches, e.g. 12x10x4',
    }),
});
type ShippingForm = z.infer<typeof shippingForm>;

const EMPTY: ShippingForm = { fromAddress: '', toAddress: '', weight: '', dimensions: '' };

interface Estimate {
  costCents: number;
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="dialog-shipping">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Truck className="size-5 text-primary" aria-hidden="true" />
            Shipping Calculation
          </DialogTitle>
          <DialogDescription>
            {itemTitle
              ? `Estimate the cost of sending your “${itemTitle}”. Each party pays for shipping their own item.`
              : 'Estimate the cost of sending your item. Each party pays for shipping their own item.'}
          </DialogDescription>
        </DialogHeader>
        <ShippingCalculator onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ShippingCalculator({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShippingForm>({ resolver: zodResolver(shippingForm), defaultValues: EMPTY });

  const calculate = handleSubmit((values) => {
    const weight = Number(values.weight);
    const dimensions = parseDimensions(values.dimensions);
    setEstimate({
      costCents: shippingCostCents(weight),
      weight,
      dimensions: dimensions
        ? `${dimensions.length} × ${dimensions.width} × ${dimensions.height} in`
        : values.dimensions,
    });
  });

  const field = (name: keyof ShippingForm) => register(name, { onChange: () => setEstimate(null) });

  return (
    <form onSubmit={calculate} noValidate className="grid gap-4" aria-label="Shipping calculation">
      <Field id={`${id}-fromAddress`} label="From address" errors={errors.fromAddress?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            autoComplete="street-address"
            placeholder="Your street, city, ZIP"
            {...field('fromAddress')}
            data-testid="input-from-address"
          />
        )}
      </Field>
      <Field id={`${id}-toAddress`} label="To address" errors={errors.toAddress?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            placeholder="Your trading partner's street, city, ZIP"
            {...field('toAddress')}
            data-testid="input-to-address"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-weight`} label="Weight (lb)" errors={errors.weight?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.1"
              placeholder="2.5"
              {...field('weight')}
              data-testid="input-weight"
            />
          )}
        </Field>
        <Field id={`${id}-dimensions`} label="Dimensions (in)" errors={errors.dimensions?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              placeholder="12x10x4"
              {...field('dimensions')}
              data-testid="input-dimensions"
            />
          )}
        </Field>
      </div>

      {estimate ? (
        <section
          aria-live="polite"
          aria-label="Shipping estimate"
          className="grid gap-3 rounded-lg border bg-secondary/50 p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium text-muted-foreground">Estimated cost</span>
            <span className="text-2xl font-bold" data-testid="text-shipping-cost">
              {formatDollars(estimate.costCents)}{' '}
              <span className="text-sm font-medium text-muted-foreground">per party</span>
            </span>
          </div>
          <ul className="grid gap-1.5 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-primary" aria-hidden="true" />
              Delivery in {SHIPPING_DELIVERY_ESTIMATE}
            </li>
            <li className="flex items-center gap-2">
              <PackageCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {estimate.weight} lb parcel, {estimate.dimensions}
            </li>
          </ul>
          <p className="text-xs text-muted-foreground">
            {formatDollars(SHIPPING_BASE_CENTS)} base plus {formatDollars(SHIPPING_CENTS_PER_POUND)} per
            pound. Each party pays to ship their own item.
          </p>
        </section>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Close
        </Button>
        <Button type="submit" data-testid="button-calculate-shipping">
          <Calculator aria-hidden="true" />
          Calculate
        </Button>
      </DialogFooter>
    </form>
  );
}
