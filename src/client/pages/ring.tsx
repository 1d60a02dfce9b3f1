import type { Ring, RingLeg } from '@common/api/rings';
import type { TFunction } from 'i18next';
import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { Skeleton } from '@client/components/ui/skeleton';
import { RingCard, RingHistory, ringTitle, useRing } from '@client/features/rings';
import { useFormat } from '@client/i18n/format';
import { ApiError } from '@client/lib/api-error';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useAuth } from '@client/lib/session';
import { NotFoundPage } from './not-found';

/** Where one leg stands, in words: received, sent, late, or to be sent by the deadline. */
function legWords(leg: RingLeg, ring: Ring, t: TFunction<'rings'>, date: (value: string) => string) {
  if (leg.receivedAt) return t('legs.receivedOn', { date: date(leg.receivedAt) });
  if (leg.sentAt) return t('legs.sentOn', { date: date(leg.sentAt) });
  if (leg.late) return t('legs.late', { date: ring.shipBy ? date(ring.shipBy) : '' });
  if (ring.status === 'accepted' && ring.shipBy) return t('legs.sendBy', { date: date(ring.shipBy) });
  return t('legs.notYet');
}

/**
 * /rings/:id (members of the ring): the ring, every leg (giver → receiver) with its sending and
 * receipt, the member's own actions, and the ring's history. Anyone else (or an unknown id) gets the not-found page.
 */
export function RingPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('rings');
  const format = useFormat();
  const { user } = useAuth();
  const ring = useRing(id);
  useDocumentMeta(t('ringPage.documentTitle'));
  if (ring.error instanceof ApiError && (ring.error.status === 404 || ring.error.status === 400))
    return <NotFoundPage />;
  const memberId = user?.id ?? '';
  const name = (who: RingLeg['giver']) => (who.id === memberId ? t('progress.you') : who.firstName);
  return (
    <PageContainer className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 py-6 sm:py-8">
      <nav aria-label={t('ringPage.breadcrumb')} className="text-sm">
        <Link
          href="/rings"
          className="inline-flex items-center gap-1.5 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <Repeat className="size-4" aria-hidden="true" />
          {t('ringPage.allRings')}
        </Link>
      </nav>
      {ring.data ? (
        <>
          <PageHeader title={ringTitle(ring.data, t)} />
          <RingCard ring={ring.data} memberId={memberId} showPageLink={false} />
          <section aria-labelledby="ring-legs-heading" className="grid gap-2">
            <h2 id="ring-legs-heading" className="text-lg font-semibold">
              {t('ringPage.legs')}
            </h2>
            <ul className="grid gap-2 text-sm" data-testid="list-ring-legs">
              {ring.data.legs.map((leg) => (
                <li
                  key={leg.position}
                  className="grid gap-0.5 rounded-lg border p-3"
                  data-testid={`ring-leg-state-${leg.position}`}
                >
                  <span className="font-medium break-words">
                    {t('legs.who', {
                      giver: name(leg.giver),
                      receiver: name(leg.receiver),
                      title: leg.item.title,
                    })}
                  </span>
                  <span className={leg.late ? 'text-destructive' : 'text-muted-foreground'}>
                    {legWords(leg, ring.data as Ring, t, format.date)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <RingHistory ring={ring.data} memberId={memberId} />
        </>
      ) : ring.isError ? (
        <p className="text-sm text-muted-foreground" role="alert">
          {t('ringPage.loadError')}
        </p>
      ) : (
        <div className="grid gap-4" role="status" aria-label={t('ringPage.loading')}>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </PageContainer>
  );
}
