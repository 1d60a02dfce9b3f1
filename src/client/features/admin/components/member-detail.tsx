import type { AdminMemberDetail } from '@common/api/admin';
import { ArrowLeft, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { hasStatus } from '@client/lib/api-error';
import { useAdminMember } from '../api';
import { AuditTable } from './audit-log';
import { MemberActions } from './member-actions';
import { RoleBadge, StatusBadge } from './member-directory';

const fullName = (person: { firstName: string; lastName: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** One member of the directory: who they are, their standing, and what they did and met. */
export function MemberDetail({ memberId }: { memberId: string }) {
  const { t } = useTranslation('admin');
  const member = useAdminMember(memberId);
  const back = (
    <Link
      href="/admin/members"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('member.back')}
    </Link>
  );
  if (hasStatus(member.error, 404, 400))
    return (
      <div className="grid gap-4">
        {back}
        <EmptyState icon={UserX} title={t('member.notFound')} testId="member-not-found" />
      </div>
    );
  if (member.isError)
    return (
      <p role="alert" className="text-destructive">
        {t('member.error')}
      </p>
    );
  if (!member.data)
    return (
      <div className="grid gap-4" role="status" aria-label={t('member.loading')}>
        {back}
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
      </div>
    );
  return (
    <div className="grid gap-6" data-testid="member-detail">
      {back}
      <Overview member={member.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Listings member={member.data} />
        <Trades member={member.data} />
        <Reports
          title={t('member.reportsAgainst')}
          reports={member.data.reportsAgainst}
          testId="reports-against"
        />
        <Reports title={t('member.reportsBy')} reports={member.data.reportsBy} testId="reports-by" />
      </div>
      <Section title={t('member.audit')} count={member.data.audit.length} testId="member-audit">
        {member.data.audit.length === 0 ? (
          <Empty text={t('member.noAudit')} />
        ) : (
          <AuditTable entries={member.data.audit} />
        )}
      </Section>
    </div>
  );
}

function Overview({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const { date, dateTime } = useFormat();
  const { profile, suspension, reliability } = member;
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-2xl font-semibold break-words" data-testid="member-name">
              {fullName(profile)}
            </h2>
            <p className="break-all text-muted-foreground">{profile.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <RoleBadge role={member.role} />
              <StatusBadge status={member.status} />
              {!profile.emailVerified ? <Badge variant="outline">{t('member.unverified')}</Badge> : null}
            </div>
          </div>
          <MemberActions member={member} />
        </div>
        {suspension ? (
          <p
            className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
            data-testid="member-suspension"
          >
            {t(suspension.until ? 'member.suspendedUntil' : 'member.suspendedIndefinitely', {
              since: dateTime(suspension.since),
              until: suspension.until ? dateTime(suspension.until) : '',
              reason: suspension.reason ? t(`safety:reasons.${suspension.reason}`) : '—',
            })}
            {suspension.note ? <span className="block text-muted-foreground">{suspension.note}</span> : null}
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t('member.joined')} value={date(profile.createdAt)} />
          <Fact label={t('member.location')} value={profile.location ?? '—'} />
          <Fact label={t('member.completed')} value={String(reliability.completedTrades)} />
          <Fact label={t('member.disputesLost')} value={String(reliability.disputesLost)} />
        </dl>
      </CardContent>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

function Section({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="grid content-start gap-3" data-testid={testId}>
      <h3 className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-muted-foreground">({count})</span>
      </h3>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{text}</p>;
}

function Listings({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  return (
    <Section title={t('member.listings')} count={member.listings.length} testId="member-listings">
      {member.listings.length === 0 ? (
        <Empty text={t('member.noListings')} />
      ) : (
        <ul className="grid gap-2">
          {member.listings.map((item) => (
            <li key={item.id} className="rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words">{item.title}</span>
                <Badge variant={item.state === 'removed' ? 'destructive' : 'outline'}>
                  {t(`listingStates.${item.state}`)}
                </Badge>
              </div>
              <p className="text-muted-foreground">{date(item.createdAt)}</p>
              {item.removal ? (
                <p className="text-muted-foreground">
                  {item.removal.reason ? t(`safety:reasons.${item.removal.reason}`) : null}
                  {item.removal.note ? ` — ${item.removal.note}` : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Trades({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  return (
    <Section title={t('member.trades')} count={member.trades.length} testId="member-trades">
      {member.trades.length === 0 ? (
        <Empty text={t('member.noTrades')} />
      ) : (
        <ul className="grid gap-2">
          {member.trades.map((trade) => (
            <li key={trade.id} className="rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words">
                  {trade.asOwner ? trade.requestedTitle : (trade.offeredTitle ?? t('member.gift'))} ⇄{' '}
                  {trade.asOwner ? (trade.offeredTitle ?? t('member.gift')) : trade.requestedTitle}
                </span>
                <Badge variant="outline">{t(`trades:card.status.${trade.status}`)}</Badge>
              </div>
              <p className="text-muted-foreground">
                {t('member.tradeWith', {
                  name: trade.partner ? fullName(trade.partner) : t('member.deleted'),
                })}
                {' · '}
                {date(trade.updatedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Reports({
  title,
  reports,
  testId,
}: {
  title: string;
  reports: AdminMemberDetail['reportsAgainst'];
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  return (
    <Section title={title} count={reports.length} testId={testId}>
      {reports.length === 0 ? (
        <Empty text={t('member.noReports')} />
      ) : (
        <ul className="grid gap-2">
          {reports.map((report) => (
            <li key={report.id} className="rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{t(`safety:reasons.${report.reason}`)}</span>
                <Badge variant={report.status === 'open' ? 'secondary' : 'outline'}>
                  {t(`reportStatus.${report.status}`)}
                </Badge>
              </div>
              <p className="break-words text-muted-foreground">
                {report.targetLabel}
                {report.details ? ` — ${report.details}` : null}
              </p>
              <p className="text-muted-foreground">
                {report.reporter ? `${fullName(report.reporter)} · ` : null}
                {date(report.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
