import type { TradeRequest } from '@common/api/trades';
import { Check, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { DialogShell } from '@client/components/ui/dialog-shell';
import { changedItems, changesTestId, TermsChangeList } from './terms-changes';
import { TradeItem } from './trade-item';

/**
 * Accepting a request whose items changed after it was sent: both versions side by side, and the
 * plain statement that the accept agrees to the items as they are now. The accept carries the
 * version shown here, so a change landing while the dialog is open is refused, not accepted unseen.
 */
export function AcceptChangedDialog({
  trade,
  open,
  onOpenChange,
  onAccept,
  busy,
}: {
  trade: TradeRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('trades');
  const changed = changedItems(trade);
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      testId={`dialog-accept-changed-${trade.id}`}
      title={t('acceptChanged.title')}
      description={t('acceptChanged.description', { count: changed.length })}
    >
      {changed.map(({ side, item, now, changes }) => (
        <section
          key={item.id}
          className="grid gap-3"
          aria-label={t('acceptChanged.changesTo', { title: now.title })}
        >
          <div className="grid gap-2 sm:grid-cols-2">
            <TradeItem label={t('acceptChanged.whenRequested')} item={item} linked={false} />
            <TradeItem label={t('acceptChanged.now')} item={now} linked={false} />
          </div>
          <TermsChangeList changes={changes} testId={changesTestId('dialog-changes', trade, side, item.id)} />
        </section>
      ))}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            {t('common:actions.back')}
          </Button>
        </DialogClose>
        <Button disabled={busy} onClick={onAccept} data-testid={`button-accept-changed-${trade.id}`}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          {t('acceptChanged.accept')}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
