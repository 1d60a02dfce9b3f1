import type { Report } from '@common/api/safety';
import { displayName, initials } from '@common/domain/display-name';
import { ArrowUpRight, CheckCircle2, LoaderCircle, Package, RotateCcw, UserRound } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useFormat } from '@client/i18n/format';
import { useSetReportStatus } from '../api';

/** Where a report's target can be seen: the item's detail view, or the member's profile. */
export function reportTargetHref(report: Pick<Report, 'targetType' | 'targetId'>): string {
  return report.targetType === 'item'
    ? `/browse?highlight=${report.targetId}`
    : `/profile?user=${report.targetId}`;
}

/** One report in the moderation view, with 'Mark resolved' (open) or 'Reopen' (resolved). */
export function ReportCard({ report }: { report: Report }) {
  const { t } = useTranslation('safety');
  const format = useFormat();
  const setStatus = useSetReportStatus();
  const isOpen = report.status === 'open';
  const TargetIcon = report.targetType === 'item' ? Package : UserRound;

  // mutateAsync: the card moves to the other tab (unmounts) once the lists refetch.
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ id: report.id, status: isOpen ? 'resolved' : 'open' });
    } catch {
      // The mutation's meta reports the failure (query-client.ts).
      return;
    }
    toast(
      isOpen
        ? { title: t('reportCard.resolved.title'), description: t('reportCard.resolved.description') }
        : { title: t('reportCard.reopened.title'), description: t('reportCard.reopened.description') },
    );
  };

  const action = isOpen ? (
    <Button
      size="sm"
      disabled={setStatus.isPending}
      onClick={toggle}
      data-testid={`button-resolve-report-${report.id}`}
    >
      {setStatus.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <CheckCircle2 aria-hidden="true" />
      )}
      {t('reportCard.markResolved')}
    </Button>
  ) : (
    <Button
      size="sm"
      variant="outline"
      disabled={setStatus.isPending}
      onClick={toggle}
      data-testid={`button-reopen-report-${report.id}`}
    >
      {setStatus.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <RotateCcw aria-hidden="true" />
      )}
      {t('reportCard.reopen')}
    </Button>
  );

  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid={`report-${report.id}`}>
      <article aria-labelledby={`report-${report.id}-target`} className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge
            variant="outline"
            className="border-destructive/30 bg-destructive/10 text-destructive"
            data-testid={`text-report-reason-${report.id}`}
          >
            {t(`reasons.${report.reason}`)}
          </Badge>
          <Badge variant="secondary">
            <TargetIcon aria-hidden="true" />
            {t(report.targetType === 'item' ? 'reportCard.targetItem' : 'reportCard.targetUser')}
          </Badge>
          <time
            dateTime={report.createdAt}
            title={format.date(report.createdAt)}
            className="text-xs text-muted-foreground"
          >
            {format.relative(report.createdAt)}
          </time>
        </div>
        <h3 id={`report-${report.id}-target`} className="text-lg leading-snug font-semibold wrap-anywhere">
          <Link
            href={reportTargetHref(report)}
            className="rounded-sm hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-testid={`link-report-target-${report.id}`}
          >
            {report.targetLabel}
            <ArrowUpRight
              className="ml-1 inline size-4 align-[-0.125em] text-muted-foreground"
              aria-hidden="true"
            />
            <span className="sr-only">
              {t(report.targetType === 'item' ? 'reportCard.viewItem' : 'reportCard.viewProfile')}
            </span>
          </Link>
        </h3>

        {report.details ? (
          <p
            className="rounded-lg bg-muted/50 px-3 py-2 text-sm whitespace-pre-line wrap-anywhere"
            data-testid={`text-report-details-${report.id}`}
          >
            {report.details}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground italic">{t('reportCard.noDetails')}</p>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
          <Reporter reporter={report.reporter} />
          {action}
        </div>
      </article>
    </Card>
  );
}

function Reporter({ reporter }: { reporter: Report['reporter'] }) {
  const { t } = useTranslation('safety');
  if (!reporter) {
    return <p className="text-sm text-muted-foreground">{t('reportCard.reporterGone')}</p>;
  }
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
      <Avatar className="size-6">
        {reporter.profileImageUrl ? <AvatarImage src={reporter.profileImageUrl} alt="" /> : null}
        <AvatarFallback className="text-[0.625rem]">{initials(reporter)}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 truncate">
        <Trans
          i18nKey="reportCard.reportedBy"
          ns="safety"
          values={{ name: displayName(reporter) }}
          components={{
            pageLink: (
              <Link
                href={`/profile?user=${reporter.id}`}
                className="font-medium text-foreground hover:underline"
              />
            ),
          }}
        />
      </span>
    </p>
  );
}
