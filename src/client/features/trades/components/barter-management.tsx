import type { TradeRequest } from '@common/api/trades';
import { groupTrades } from '@common/domain/trade-board';
import { ArrowLeftRight, History } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { ShippingDialog } from '@client/features/shipping';
import { useTradeRequests } from '../api';
import { myTradeItem, TradeCard } from './trade-card';

type BoardTab = 'pending' | 'accepted' | 'completed';

/** The tabs in order; their labels and empty texts are board.tabs.<tab> and board.empty.<tab>. */
const TABS: readonly BoardTab[] = ['pending', 'accepted', 'completed'];
/** Only the empty Pending tab explains what will appear in it. */
const explainsEmpty = (tab: BoardTab) => tab === 'pending';

/**
 * docs/product.md (Trades): Barter Management: the member's requests (incoming and outgoing) in three tabs,
 * with declined and cancelled ones in a History list below. Accepting opens the shipping dialog.
 */
export function BarterManagement() {
  const { t } = useTranslation('trades');
  const { data, isPending, isError, refetch } = useTradeRequests();
  const board = useMemo(() => groupTrades(data ?? []), [data]);
  const [tab, setTab] = useState<BoardTab>('pending');
  // The trade stays set while the dialog closes, so its text does not change during the exit animation.
  const [shipping, setShipping] = useState<{ open: boolean; trade: TradeRequest | null }>({
    open: false,
    trade: null,
  });
  const openShipping = (trade: TradeRequest) => setShipping({ open: true, trade });

  if (isPending) {
    return (
      <div className="grid gap-4" role="status">
        <span className="sr-only">{t('board.loading')}</span>
        <Skeleton className="h-10 w-full max-w-md" />
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-56 w-full" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <p className="font-medium">{t('board.loadError')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }

  const onAccepted = (trade: TradeRequest) => {
    setTab('accepted');
    openShipping(trade);
  };

  return (
    <div className="grid gap-8">
      <Tabs value={tab} onValueChange={(value) => setTab(value as BoardTab)}>
        <TabsList
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto"
          aria-label={t('board.tabsLabel')}
        >
          {TABS.map((value) => (
            <TabsTrigger
              key={value}
              value={value}
              className="px-2 text-xs sm:px-4 sm:text-sm"
              data-testid={`tab-barters-${value}`}
            >
              {t(`board.tabs.${value}`)} ({board[value].length})
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-5">
            {board[value].length === 0 ? (
              <div
                className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center"
                data-testid={`text-empty-${value}`}
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                  <ArrowLeftRight className="size-5" aria-hidden="true" />
                </span>
                <p className="font-medium">{t(`board.empty.${value}`)}</p>
                {explainsEmpty(value) ? (
                  <p className="max-w-sm text-sm text-muted-foreground">{t('board.pendingHint')}</p>
                ) : null}
              </div>
            ) : (
              <ul className="grid gap-4">
                {board[value].map((trade) => (
                  <li key={trade.id}>
                    <TradeCard trade={trade} onAccepted={onAccepted} onArrangeShipping={openShipping} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>

      {board.history.length > 0 ? (
        <section aria-labelledby="barter-history-heading" className="grid gap-4">
          <h3 id="barter-history-heading" className="inline-flex items-center gap-2 text-lg font-semibold">
            <History className="size-5 text-muted-foreground" aria-hidden="true" />
            {t('board.history')}
          </h3>
          <ul className="grid gap-4" data-testid="list-barter-history">
            {board.history.map((trade) => (
              <li key={trade.id}>
                <TradeCard trade={trade} onAccepted={onAccepted} onArrangeShipping={openShipping} compact />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ShippingDialog
        open={shipping.open}
        onOpenChange={(open) => setShipping((current) => ({ ...current, open }))}
        itemTitle={shipping.trade ? myTradeItem(shipping.trade).title : undefined}
      />
    </div>
  );
}
