import type { Shipment, TradeRequest } from '@common/api/trades';
import {
  CARRIER_IDS,
  carrierName,
  type CarrierId,
  TRACKING_NUMBER_PATTERN,
  trackingUrl,
} from '@common/domain/carriers';
import { Clock, ExternalLink, PackageSearch, Truck } from 'lucide-react';
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
import { useRecordShipment } from '../api';

/** Each side of an accepted trade: shipped (carrier, number, link to the carrier's page) or not yet. */
export function ShipmentStatus({ trade, partnerName }: { trade: TradeRequest; partnerName: string }) {
  const { t } = useTranslation('trades');
  const [open, setOpen] = useState(false);
  const mine = trade.side === 'incoming' ? trade.ownerShipment : trade.requesterShipment;
  const theirs = trade.side === 'incoming' ? trade.requesterShipment : trade.ownerShipment;
  const canRecord = trade.status === 'accepted';
  return (
    <div className="grid gap-2">
      <ul
        className="grid gap-1.5 text-sm sm:grid-cols-2"
        aria-label={t('shipment.label')}
        data-testid={`shipment-status-${trade.id}`}
      >
        <ShipmentLine who={t('shipment.you')} shipment={mine} testId={`text-shipment-mine-${trade.id}`} />
        <ShipmentLine who={partnerName} shipment={theirs} testId={`text-shipment-theirs-${trade.id}`} />
      </ul>
      {canRecord ? (
        <>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => setOpen(true)}
            data-testid={`button-add-tracking-${trade.id}`}
          >
            <PackageSearch aria-hidden="true" />
            {mine ? t('shipment.update') : t('shipment.add')}
          </Button>
          <TrackingDialog
            key={String(open)}
            trade={trade}
            current={mine}
            partnerName={partnerName}
            open={open}
            onOpenChange={setOpen}
          />
        </>
      ) : null}
    </div>
  );
}

/** A carrier's name as members read it: brands as they are, "Other" in the page's language. */
function useCarrierName() {
  const { t } = useTranslation('trades');
  return (carrier: CarrierId) =>
    carrier === CARRIER_OTHER ? t('shipment.carrierOther') : carrierName(carrier);
}

const CARRIER_OTHER: CarrierId = 'other';

function ShipmentLine({ who, shipment, testId }: { who: string; shipment: Shipment | null; testId: string }) {
  const { t } = useTranslation('trades');
  const nameOf = useCarrierName();
  const bold = { b: <span className="font-medium" /> };
  if (!shipment) {
    return (
      <li className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid={testId}>
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans t={t} i18nKey="shipment.notShipped" values={{ who }} components={bold} />
        </span>
      </li>
    );
  }
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return (
    <li className="inline-flex min-w-0 items-start gap-1.5 text-primary" data-testid={testId}>
      <Truck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <Trans
          t={t}
          i18nKey="shipment.shippedWith"
          values={{ who, carrier: nameOf(shipment.carrier) }}
          components={bold}
        />
        {' · '}
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener nofollow"
            className="inline-flex items-center gap-0.5 font-mono underline underline-offset-2"
          >
            {shipment.trackingNumber}
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only"> {t('shipment.trackOn', { carrier: nameOf(shipment.carrier) })}</span>
          </a>
        ) : (
          <span className="font-mono">{shipment.trackingNumber}</span>
        )}
      </span>
    </li>
  );
}

function TrackingDialog({
  trade,
  current,
  partnerName,
  open,
  onOpenChange,
}: {
  trade: TradeRequest;
  current: Shipment | null;
  partnerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('trades');
  const nameOf = useCarrierName();
  const id = useId();
  const [carrier, setCarrier] = useState<CarrierId | ''>(current?.carrier ?? '');
  const [number, setNumber] = useState(current?.trackingNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const record = useRecordShipment();
  const [myItem] = trade.side === 'incoming' ? trade.requestedItems : trade.offeredItems;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = number.trim();
    if (!carrier) return setError(t('shipment.carrierMissing'));
    if (!TRACKING_NUMBER_PATTERN.test(trimmed)) return setError(t('shipment.numberInvalid'));
    setError(null);
    try {
      await record.mutateAsync({ id: trade.id, carrier, trackingNumber: trimmed });
    } catch {
      return;
    }
    toast({ title: t('shipment.saved'), description: t('shipment.savedDescription', { name: partnerName }) });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="dialog-tracking">
        <DialogHeader className="text-left">
          <DialogTitle>{current ? t('shipment.update') : t('shipment.add')}</DialogTitle>
          <DialogDescription>
            {t('shipment.dialogDescription', { title: myItem.title, name: partnerName })}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="grid gap-4"
          aria-label={t('shipment.formLabel')}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-carrier`}>{t('shipment.carrier')}</Label>
            <Select value={carrier} onValueChange={(value) => setCarrier(value as CarrierId)}>
              <SelectTrigger id={`${id}-carrier`} data-testid="select-carrier">
                <SelectValue placeholder={t('shipment.chooseCarrier')} />
              </SelectTrigger>
              <SelectContent>
                {CARRIER_IDS.map((option) => (
                  <SelectItem key={option} value={option} data-testid={`option-carrier-${option}`}>
                    {nameOf(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-number`}>{t('shipment.number')}</Label>
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
            confirmLabel={t('shipment.save')}
            icon={Truck}
            pending={record.isPending}
            testId="button-save-tracking"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
