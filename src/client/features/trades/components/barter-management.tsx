import type { TradeRequest } from '@common/api/trades';
import { tradePath } from '@common/domain/notification-links';
import { tradeTabOf, type TradeTab } from '@common/domain/trade-board';
import { ArrowLeftRight, History, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { ShippingDialog } from '@client/features/shipping';
import { flattenTradePages, useTradeCounts, useTradePages, useTradeRequest } from '../api';
import { myTradeItem, TradeCard } from './trade-card';

type BoardTab = Exclude<TradeTab, 'history'>;

/** The tabs in order; their labels and empty texts are board.tabs.<tab> and board.empty.<tab>. */
const TABS: readonly BoardTab[] = ['pending', 'accepted', 'completed'];
/** Only the empty Pending tab explains what will appear in it. */
const explainsEmpty = (tab: BoardTab) => tab === 'pending';

/** The trade a link named (#trade-{id}), if any. */
const linkedTradeId = () =>
  typeof window !== 'undefined' && window.location.hash.startsWith('#trade-')
    ? window.location.hash.slice('#trade-'.length)
    : '';

interface CardActions {
  onAccepted: (trade: TradeRequest) => void;
  onArrangeShipping: (trade: TradeRequest) => void;
}

/**
 * docs/product.md (Trades): Barter Management: the member's requests (incoming and outgoing) in three tabs,
 * with declined and cancelled ones in a History list below. Each list shows its newest 20, then more
 * on request; the tabs' counts come from the server. Accepting opens the trade's page, whose next
 * step is sending the items.
 */
export function BarterManagement() {
  const { t } = useTranslation('trades');
  const counts = useTradeCounts();
  const [tab, setTab] = useState<BoardTab>('pending');
  const [, navigate] = useLocation();
  // Opened on a trade's address (#trade-{id}, a link naming it): its tab opens, once it is known.
  const [linkedId] = useState(linkedTradeId);
  const linked = useTradeRequest(linkedId, { enabled: linkedId !== '' });
  const openedFromHash = useRef(false);
  useEffect(() => {
    if (openedFromHash.current || !linked.data) return;
    openedFromHash.current = true;
    const holding = tradeTabOf(linked.data.status);
    if (holding !== 'history') setTab(holding);
  }, [linked.data]);
  // The trade stays set while the dialog closes, so its text does not change during the exit animation.
  const [shipping, setShipping] = useState<{ open: boolean; trade: TradeRequest | null }>({
    open: false,
    trade: null,
  });

  if (counts.isPending) return <ListSkeleton label={t('board.loading')} tabs />;
  if (counts.isError) return <LoadError onRetry={() => void counts.refetch()} />;

  // Once accepted, the next step is sending the items: the trade's own page says so (the shipping
  // estimate stays one tap away there), and asks a member without an address for one (its postage
  // section). Pushed, so Back returns to this list.
  const actions: CardActions = {
    onAccepted: (trade) => navigate(tradePath(trade.id)),
    onArrangeShipping: (trade) => setShipping({ open: true, trade }),
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
              {t(`board.tabs.${value}`)} ({counts.data[value]})
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-5">
            {counts.data[value] === 0 ? (
              <EmptyTab tab={value} />
            ) : (
              <TradeList tab={value} actions={actions} testId={`list-barters-${value}`} />
            )}
          </TabsContent>
        ))}
      </Tabs>

      {counts.data.history > 0 ? (
        <section aria-labelledby="barter-history-heading" className="grid gap-4">
          <h3 id="barter-history-heading" className="inline-flex items-center gap-2 text-lg font-semibold">
            <History className="size-5 text-muted-foreground" aria-hidden="true" />
            {t('board.history')}
          </h3>
          <TradeList tab="history" actions={actions} testId="list-barter-history" compact />
        </section>
      ) : null}

      <ShippingDialog
        open={shipping.open}
        onOpenChange={(open) => setShipping((current) => ({ ...current, open }))}
        itemTitle={shipping.trade ? myTradeItem(shipping.trade)?.title : undefined}
      />
    </div>
  );
}

/** One list, a page at a time: its newest 20, then "Show more" while older ones remain. */
function TradeList({
  tab,
  actions,
  testId,
  compact = false,
}: {
  tab: TradeTab;
  actions: CardActions;
  testId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('trades');
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useTradePages(tab);
  if (isPending) return <ListSkeleton label={t('board.loading')} rows={compact ? 1 : 2} />;
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  const trades = flattenTradePages(data);
  if (trades.length === 0 && tab !== 'history') return <EmptyTab tab={tab} />;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" data-testid={testId}>
        {trades.map((trade) => (
          <li key={trade.id}>
            <TradeCard
              trade={trade}
              onAccepted={actions.onAccepted}
              onArrangeShipping={actions.onArrangeShipping}
              compact={compact}
            />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            data-testid={`button-more-barters-${tab}`}
          >
            {isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {isFetchingNextPage ? t('board.loadingMore') : t('board.showMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EmptyTab({ tab }: { tab: BoardTab }) {
  const { t } = useTranslation('trades');
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center"
      data-testid={`text-empty-${tab}`}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <ArrowLeftRight className="size-5" aria-hidden="true" />
      </span>
      <p className="font-medium">{t(`board.empty.${tab}`)}</p>
      {explainsEmpty(tab) ? (
        <p className="max-w-sm text-sm text-muted-foreground">{t('board.pendingHint')}</p>
      ) : null}
    </div>
  );
}

function ListSkeleton({ label, rows = 2, tabs = false }: { label: string; rows?: number; tabs?: boolean }) {
  return (
    <div className="grid gap-4" role="status">
      <span className="sr-only">{label}</span>
      {tabs ? <Skeleton className="h-10 w-full max-w-md" /> : null}
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-56 w-full" />
      ))}
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('trades');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <p className="font-medium">{t('board.loadError')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
