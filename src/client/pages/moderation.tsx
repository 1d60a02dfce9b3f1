import type { Report } from '@common/api/safety';
import { CircleCheckBig, Gavel, Inbox, ListChecks, Scale, ShieldAlert, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { useAuth } from '@client/lib/session';
import {
  AppealList,
  ModerationQueue,
  ReportCard,
  type ReportStatus,
  useModerationReports,
} from '@client/features/safety';
import { hasStatus } from '@client/lib/api-error';
import { DisputeReviewCard, useModerationDisputes } from '@client/features/trades';
import { useDocumentMeta } from '@client/lib/document-meta';

type ModerationTab = ReportStatus | 'disputes' | 'queue' | 'appeals';
const TABS: ModerationTab[] = ['resolved', 'disputes', 'queue', 'appeals'];

/**
 * /moderation (members; moderators are granted with `npm run moderator`): the reports members sent, in an
 * Open and a Resolved tab bound to ?tab=. Anyone else sees 'Not authorized'.
 */
export function ModerationPage() {
  const { t } = useTranslation('safety');
  useDocumentMeta(t('moderation.metaTitle'));
  const { user } = useAuth();
  const isModerator = user?.isModerator === true;
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('tab');
  const tab: ModerationTab = TABS.find((value) => value === requested) ?? 'open';
  const open = useModerationReports('open', isModerator);
  const resolved = useModerationReports('resolved', isModerator);
  const forbidden = [open, resolved].some((query) => hasStatus(query.error, 403));

  return (
    <PageContainer className="py-8 sm:py-10" data-testid="page-moderation">
      {!user ? null : !isModerator || forbidden ? (
        <NotAuthorized />
      ) : (
        <div className="grid gap-6">
          <PageHeader title={t('moderation.title')} description={t('moderation.description')} />
          <Tabs
            value={tab}
            onValueChange={(value) =>
              navigate(value === 'open' ? '/moderation' : `/moderation?tab=${value}`, { replace: true })
            }
          >
            {/* Five tabs do not fit one 375 px row: they wrap onto a second one instead of widening the page. */}
            <TabsList aria-label={t('moderation.tabsLabel')} className="h-auto w-full flex-wrap sm:w-auto">
              <TabsTrigger value="open" className="flex-1 sm:flex-none" data-testid="tab-reports-open">
                <ShieldAlert aria-hidden="true" />
                {open.data ? t('moderation.openCount', { total: open.data.length }) : t('moderation.open')}
              </TabsTrigger>
              <TabsTrigger
                value="resolved"
                className="flex-1 sm:flex-none"
                data-testid="tab-reports-resolved"
              >
                <CircleCheckBig aria-hidden="true" />
                {resolved.data
                  ? t('moderation.resolvedCount', { total: resolved.data.length })
                  : t('moderation.resolved')}
              </TabsTrigger>
              <TabsTrigger value="disputes" className="flex-1 sm:flex-none" data-testid="tab-disputes">
                <Gavel aria-hidden="true" />
                {t('moderation.disputes')}
              </TabsTrigger>
              <TabsTrigger value="queue" className="flex-1 sm:flex-none" data-testid="tab-queue">
                <ListChecks aria-hidden="true" />
                {t('queue.tab')}
              </TabsTrigger>
              <TabsTrigger value="appeals" className="flex-1 sm:flex-none" data-testid="tab-appeals">
                <Scale aria-hidden="true" />
                {t('queue.appealsTab')}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="open" className="mt-6">
              <ReportList status="open" query={open} />
            </TabsContent>
            <TabsContent value="resolved" className="mt-6">
              <ReportList status="resolved" query={resolved} />
            </TabsContent>
            <TabsContent value="disputes" className="mt-6">
              <DisputeList />
            </TabsContent>
            <TabsContent value="queue" className="mt-6">
              <ModerationQueue />
            </TabsContent>
            <TabsContent value="appeals" className="mt-6">
              <AppealList />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </PageContainer>
  );
}

function ReportList({
  status,
  query,
}: {
  status: ReportStatus;
  query: { data?: Report[]; isPending: boolean; isError: boolean };
}) {
  const { t } = useTranslation('safety');
  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label={t('moderation.loadingReports')}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-40 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError || !query.data) {
    return <p className="text-sm text-destructive">{t('moderation.reportsError')}</p>;
  }
  if (query.data.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center"
        data-testid={`text-no-reports-${status}`}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Inbox className="size-6" aria-hidden="true" />
        </span>
        <p className="font-medium">{t(`moderation.empty.${status}.title`)}</p>
        <p className="text-sm text-muted-foreground">{t(`moderation.empty.${status}.description`)}</p>
      </div>
    );
  }
  return (
    <ul
      className="grid gap-4"
      aria-label={t(status === 'open' ? 'moderation.openReports' : 'moderation.resolvedReports')}
    >
      {query.data.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}

/** Open disputes first, oldest first; the last decisions below them. */
function DisputeList() {
  const { t } = useTranslation('safety');
  const open = useModerationDisputes('open');
  const resolved = useModerationDisputes('resolved');
  if (open.isPending) {
    return (
      <Skeleton
        className="h-40 w-full rounded-xl"
        role="status"
        aria-label={t('moderation.loadingDisputes')}
      />
    );
  }
  if (open.isError || !open.data) {
    return <p className="text-sm text-destructive">{t('moderation.disputesError')}</p>;
  }
  return (
    <div className="grid gap-6">
      {open.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="text-no-disputes">
          {t('moderation.noDisputes')}
        </p>
      ) : (
        <ul className="grid gap-4" aria-label={t('moderation.openDisputes')}>
          {open.data.map((dispute) => (
            <li key={dispute.id}>
              <DisputeReviewCard dispute={dispute} />
            </li>
          ))}
        </ul>
      )}
      {resolved.data && resolved.data.length > 0 ? (
        <section className="grid gap-4" aria-labelledby="resolved-disputes-heading">
          <h2 id="resolved-disputes-heading" className="text-lg font-semibold">
            {t('moderation.resolvedDisputes')}
          </h2>
          <ul className="grid gap-4">
            {resolved.data.map((dispute) => (
              <li key={dispute.id}>
                <DisputeReviewCard dispute={dispute} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function NotAuthorized() {
  const { t } = useTranslation('safety');
  return (
    <div className="flex justify-center py-12">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-3">
            <ShieldX className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight">{t('moderation.notAuthorized.title')}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{t('moderation.notAuthorized.text')}</p>
          <Button asChild variant="outline">
            <Link href="/">{t('moderation.notAuthorized.back')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
