import type { TradeRequest } from '@common/api/trades';
import { Check, LoaderCircle } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
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
  const changed = changedItems(trade);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
        data-testid={`dialog-accept-changed-${trade.id}`}
      >
        <DialogHeader>
          <DialogTitle>Accept the changed item?</DialogTitle>
          <DialogDescription>
            {changed.length === 1 ? 'An item' : `${changed.length} items`} in this request changed after it
            was sent. Accepting means accepting {changed.length === 1 ? 'the item' : 'the items'} as{' '}
            {changed.length === 1 ? 'it is' : 'they are'} now.
          </DialogDescription>
        </DialogHeader>
        {changed.map(({ side, item, now, changes }) => (
          <section key={item.id} className="grid gap-3" aria-label={`Changes to “${now.title}”`}>
            <div className="grid gap-2 sm:grid-cols-2">
              <TradeItem label="When requested" item={item} linked={false} />
              <TradeItem label="Now: what you accept" item={now} linked={false} />
            </div>
            <TermsChangeList
              changes={changes}
              testId={changesTestId('dialog-changes', trade, side, item.id)}
            />
          </section>
        ))}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Back
            </Button>
          </DialogClose>
          <Button disabled={busy} onClick={onAccept} data-testid={`button-accept-changed-${trade.id}`}>
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Check aria-hidden="true" />
            )}
            Accept as it is now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
