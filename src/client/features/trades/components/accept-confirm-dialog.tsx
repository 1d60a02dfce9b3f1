import type { TradeItemSummary, TradeRequest } from '@common/api/trades';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { DialogShell } from '@client/components/ui/dialog-shell';

/** A list of items, named by the label above it ('You give', 'You get'). */
function ItemList({ label, items, testId }: { label: string; items: TradeItemSummary[]; testId: string }) {
  const labelId = useId();
  return (
    <div className="grid gap-1">
      <p id={labelId} className="text-sm font-medium">
        {label}
      </p>
      <ul
        aria-labelledby={labelId}
        className="grid gap-0.5 text-sm text-muted-foreground"
        data-testid={testId}
      >
        {items.map((item) => (
          <li key={item.id} className="break-words">
            {item.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Accepting commits the member's items (every one of a bundle): the dialog names what they give
 * and get, and what comes next (sending their items), before anything is agreed.
 */
export function AcceptConfirmDialog({
  trade,
  partnerName,
  open,
  onOpenChange,
  onConfirm,
  busy,
}: {
  trade: TradeRequest;
  partnerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('trades');
  const incoming = trade.side === 'incoming';
  const give = incoming ? trade.requestedItems : trade.offeredItems;
  const get = incoming ? trade.offeredItems : trade.requestedItems;
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      testId="dialog-accept-confirm"
      headerClassName="text-left"
      title={t('acceptConfirm.title', { name: partnerName })}
      description={t('acceptConfirm.description', { name: partnerName })}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <ItemList
          label={t('acceptConfirm.youGive', { count: give.length })}
          items={give}
          testId="list-accept-give"
        />
        <ItemList
          label={t('acceptConfirm.youGet', { count: get.length })}
          items={get}
          testId="list-accept-get"
        />
      </div>
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('acceptConfirm.back')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} data-testid="button-confirm-accept">
          <Check aria-hidden="true" />
          {t('acceptConfirm.confirm')}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
