import { NOTIFICATION_LINKS } from '@common/domain/notification-links';
import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { Skeleton } from '@client/components/ui/skeleton';
import {
  TradeCard,
  TradeHistory,
  TradeNextStepCard,
  TradeSendingState,
  useTradePageTitle,
  useTradeRequest,
} from '@client/features/trades';
import { ShippingDialog } from '@client/features/shipping';
import { ApiError } from '@client/lib/api-error';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useAuth } from '@client/lib/session';
import { useState } from 'react';
import { NotFoundPage } from './not-found';

/**
 * /trades/:id (members): one trade, for its two parties: every item of both sides, both members,
 * its state, the member's next step in plain words, each side's sending, the chat, and its history.
 * A trade the member is no party to (or an unknown id) is the not-found page.
 */
export function TradePage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('trades');
  const { user } = useAuth();
  const trade = useTradeRequest(id);
  const [shipping, setShipping] = useState(false);
  const title = useTradePageTitle(trade.data);
  useDocumentMeta(title);

  if (trade.error instanceof ApiError && (trade.error.status === 404 || trade.error.status === 400))
    return <NotFoundPage />;
  const memberId = user?.id ?? '';
  return (
    <PageContainer className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 py-6 sm:py-8">
      <nav aria-label={t('page.breadcrumb')} className="text-sm">
        <Link
          href={NOTIFICATION_LINKS.barters}
          className="inline-flex min-h-6 items-center gap-1.5 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          data-testid="link-all-barters"
        >
          <ArrowLeftRight className="size-4" aria-hidden="true" />
          {t('page.allBarters')}
        </Link>
      </nav>
      {trade.data ? (
        <>
          <PageHeader title={title} />
          <TradeNextStepCard trade={trade.data} memberId={memberId} />
          <TradeCard
            trade={trade.data}
            onAccepted={() => undefined}
            onArrangeShipping={() => setShipping(true)}
            showPageLink={false}
          />
          <TradeSendingState trade={trade.data} />
          <TradeHistory trade={trade.data} memberId={memberId} />
          <ShippingDialog
            open={shipping}
            onOpenChange={setShipping}
            itemTitle={trade.data.requestedItems[0].title}
          />
        </>
      ) : trade.isError ? (
        <p className="text-sm text-muted-foreground" role="alert">
          {t('page.loadError')}
        </p>
      ) : (
        <div className="grid gap-4" role="status" aria-label={t('page.loadingTitle')}>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </PageContainer>
  );
}
