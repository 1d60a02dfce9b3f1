import type { Shipment } from '@common/api/trades';
import { carrierName, carriersFor, type CarrierId, TRACKING_NUMBER_PATTERN } from '@common/domain/carriers';
import { Clock, ExternalLink, PackageCheck, PackageSearch, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { hasStatus } from '@client/lib/api-error';

/** A carrier's name as members read it: brands as they are, "Other" in the page's language. */
function useCarrierName() {
  const { t } = useTranslation('exchange');
  return (carrier: CarrierId) => (carrier === 'other' ? t('tracking.carrierOther') : carrierName(carrier));
}

/** One parcel's line: not sent yet, or its carrier and number linking to the carrier's tracking page. */
export function ShipmentLine({
  who,
  shipment,
  sentAt = null,
  testId,
}: {
  who: string;
  shipment: Shipment | null;
  /** When they marked their items sent (or handed over): "sent" without tracking, not "not shipped yet". */
  sentAt?: string | null;
  testId: string;
}) {
  const { t } = useTranslation('exchange');
  const nameOf = useCarrierName();
  const bold = { b: <span className="font-medium" /> };
  if (!shipment && sentAt) {
    return (
      <li className="inline-flex items-center gap-1.5" data-testid={testId}>
        <PackageCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <Trans t={t} i18nKey="tracking.sentUntracked" values={{ who }} components={bold} />
        </span>
      </li>
    );
  }
  if (!shipment) {
    return (
      <li className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid={testId}>
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans t={t} i18nKey="tracking.notShipped" values={{ who }} components={bold} />
        </span>
      </li>
    );
  }
  return (
    <li className="inline-flex min-w-0 items-start gap-1.5 text-primary" data-testid={testId}>
      <Truck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <Trans
          t={t}
          i18nKey="tracking.shippedWith"
          values={{ who, carrier: nameOf(shipment.carrier) }}
          components={bold}
        />
        {' · '}
        {shipment.trackingUrl ? (
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener nofollow"
            className="inline-flex items-center gap-0.5 font-mono underline underline-offset-2"
            data-testid={`${testId}-link`}
          >
            {shipment.trackingNumber}
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only"> {t('tracking.trackOn', { carrier: nameOf(shipment.carrier) })}</span>
          </a>
        ) : (
          <span className="font-mono">{shipment.trackingNumber}</span>
        )}
      </span>
    </li>
  );
}

/** What the tracking button passes on to its dialog: the shipment so far and how to save one. */
interface TrackingFormProps {
  current: Shipment | null;
  country: string;
  itemTitles: string[];
  partnerName: string;
  save: (input: { carrier: CarrierId; trackingNumber: string }) => Promise<unknown>;
  pending: boolean;
}

/** The "Add tracking" button and its dialog: a carrier offered in `country` and its number. */
export function TrackingButton({ swapId, ...form }: TrackingFormProps & { swapId: string }) {
  const { t } = useTranslation('exchange');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => setOpen(true)}
        data-testid={`button-add-tracking-${swapId}`}
      >
        <PackageSearch aria-hidden="true" />
        {form.current ? t('tracking.update') : t('tracking.add')}
      </Button>
      <TrackingDialog key={String(open)} open={open} onOpenChange={setOpen} {...form} />
    </>
  );
}

function TrackingDialog({
  open,
  onOpenChange,
  current,
  country,
  itemTitles,
  partnerName,
  save,
  pending,
}: TrackingFormProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('exchange');
  const nameOf = useCarrierName();
  const id = useId();
  const offered = carriersFor(country);
  const [carrier, setCarrier] = useState<CarrierId | ''>(
    current && offered.includes(current.carrier) ? current.carrier : '',
  );
  const [number, setNumber] = useState(current?.trackingNumber ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = number.trim();
    if (!carrier) return setError(t('tracking.carrierMissing'));
    if (!TRACKING_NUMBER_PATTERN.test(trimmed)) return setError(t('tracking.numberInvalid'));
    setError(null);
    try {
      await save({ carrier, trackingNumber: trimmed });
    } catch (failure) {
      // A number of the wrong shape for the carrier: said beside the field (the toast says it too).
      if (hasStatus(failure, 400)) setError(t('tracking.numberNotOfCarrier', { carrier: nameOf(carrier) }));
      return;
    }
    toast({ title: t('tracking.saved'), description: t('tracking.savedDescription', { name: partnerName }) });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="dialog-tracking">
        <DialogHeader className="text-left">
          <DialogTitle>{current ? t('tracking.update') : t('tracking.add')}</DialogTitle>
          <DialogDescription>
            {t('tracking.dialogDescription', { titles: itemTitles.join(', '), name: partnerName })}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="grid gap-4"
          aria-label={t('tracking.formLabel')}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-carrier`}>{t('tracking.carrier')}</Label>
            <Select value={carrier} onValueChange={(value) => setCarrier(value as CarrierId)}>
              <SelectTrigger id={`${id}-carrier`} data-testid="select-carrier">
                <SelectValue placeholder={t('tracking.chooseCarrier')} />
              </SelectTrigger>
              <SelectContent>
                {offered.map((option) => (
                  <SelectItem key={option} value={option} data-testid={`option-carrier-${option}`}>
                    {nameOf(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-number`}>{t('tracking.number')}</Label>
            <Input
              id={`${id}-number`}
              value={number}
              maxLength={40}
              autoComplete="off"
              onChange={(event) => setNumber(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid="input-tracking-number"
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <ConfirmDialogFooter
            cancelLabel={t('common:actions.cancel')}
            onCancel={() => onOpenChange(false)}
            confirmLabel={t('tracking.save')}
            icon={Truck}
            pending={pending}
            testId="button-save-tracking"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
