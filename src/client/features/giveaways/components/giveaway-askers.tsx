import type { GiveawayAsker } from '@common/api/giveaways';
import type { Item } from '@common/api/items';
import { displayName, initials } from '@common/domain/display-name';
import { tradePath } from '@common/domain/notification-links';
import { Gift, HandHeart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { useFormat } from '@client/i18n/format';
import { RatingStars } from '@client/features/reviews';
import { useGiveawayAsks, usePickGiveawayAsk } from '../api';

/**
 * The owner's view of who asked for their giveaway (docs/product.md, Giveaways): each asker with
 * their rating, trading record, note and when they asked, oldest first; picking one makes the
 * handover (a trade) and tells the others.
 */
export function GiveawayAskers({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const asks = useGiveawayAsks(item.id, true);
  const pick = usePickGiveawayAsk(item.id);
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState<GiveawayAsker | null>(null);
  const list = asks.data?.asks ?? [];

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    let tradeId: string;
    try {
      ({ tradeId } = await pick.mutateAsync(chosen.id));
    } catch {
      setChosen(null);
      return;
    }
    toast({
      title: t('giveaway.picked'),
      description: t('giveaway.pickedDescription', { name: chosen.asker.firstName }),
    });
    setChosen(null);
    navigate(tradePath(tradeId));
  };

  return (
    <section
      className="grid gap-3 rounded-xl border p-4"
      aria-labelledby="giveaway-askers-heading"
      data-testid="giveaway-askers"
    >
      <h3 id="giveaway-askers-heading" className="inline-flex items-center gap-2 text-sm font-semibold">
        <HandHeart className="size-4" aria-hidden="true" />
        {t('giveaway.askersTitle', { count: list.length })}
      </h3>
      {asks.isPending ? null : list.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="text-giveaway-no-askers">
          {t('giveaway.noAskers')}
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.map((ask) => (
            <AskerRow key={ask.id} ask={ask} onPick={() => setChosen(ask)} busy={pick.isPending} />
          ))}
        </ul>
      )}
      <Dialog open={chosen !== null} onOpenChange={(open) => (open ? undefined : setChosen(null))}>
        <DialogContent data-testid="dialog-giveaway-pick">
          <DialogHeader className="text-left">
            <DialogTitle>
              {t('giveaway.pickTitle', { name: chosen ? displayName(chosen.asker) : '' })}
            </DialogTitle>
            <DialogDescription>{t('giveaway.pickDescription', { title: item.title })}</DialogDescription>
          </DialogHeader>
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <ConfirmDialogFooter
              cancelLabel={t('giveaway.cancel')}
              onCancel={() => setChosen(null)}
              confirmLabel={t('giveaway.pickConfirm')}
              icon={Gift}
              pending={pick.isPending}
              testId="button-giveaway-pick-confirm"
            />
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function AskerRow({ ask, onPick, busy }: { ask: GiveawayAsker; onPick: () => void; busy: boolean }) {
  const { t } = useTranslation('items');
  const format = useFormat();
  const { asker } = ask;
  const name = displayName(asker);
  const record = asker.reliability.isNew
    ? t('giveaway.newMember')
    : t('giveaway.completed', { count: asker.reliability.completedTrades });
  return (
    <li className="grid gap-2 rounded-lg bg-muted/40 p-3" data-testid={`giveaway-ask-${ask.id}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Avatar className="size-9">
          {asker.profileImageUrl ? <AvatarImage src={asker.profileImageUrl} alt="" /> : null}
          <AvatarFallback>{initials(asker)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1 basis-40">
          <Link
            href={`/profile?user=${asker.id}`}
            className="text-sm font-semibold break-words underline-offset-4 hover:underline"
          >
            {name}
          </Link>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            {asker.averageRating !== null ? (
              <span className="inline-flex items-center gap-1">
                <RatingStars rating={asker.averageRating} starClassName="size-3" />
                <span>({format.number(asker.reviewCount)})</span>
              </span>
            ) : null}
            <span>{record}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={ask.createdAt}>{format.relative(ask.createdAt)}</time>
          </p>
        </div>
        <Button
          size="sm"
          onClick={onPick}
          disabled={busy}
          aria-haspopup="dialog"
          data-testid={`button-giveaway-pick-${ask.id}`}
        >
          <Gift aria-hidden="true" />
          {t('giveaway.pick')}
        </Button>
      </div>
      {ask.message ? (
        <p className="rounded-md bg-background px-3 py-2 text-sm break-words italic">
          {t('giveaway.quoted', { text: ask.message })}
        </p>
      ) : null}
    </li>
  );
}
