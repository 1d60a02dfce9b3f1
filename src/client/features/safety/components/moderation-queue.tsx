import { ListChecks, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { type QueueKind, useModerationCommand, useOpenAppeals, useReportGroups } from '../moderation-api';
import { ReportGroupCard } from './report-group-card';

/** Placeholder cards while a list loads, announced once to screen readers by `label`. */
function LoadingCards({ label }: { label: string }) {
  return (
    <div className="grid gap-4" role="status" aria-label={label}>
      {Array.from({ length: 2 }, (_, index) => (
        <Skeleton key={index} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** Open reports grouped by listing or member, filterable, each with its actions. */
export function ModerationQueue() {
  const { t } = useTranslation('safety');
  const [kind, setKind] = useState<QueueKind>('all');
  const groups = useReportGroups(kind, true);
  const filters: Array<[QueueKind, string]> = [
    ['all', t('queue.filterAll')],
    ['item', t('queue.filterItems')],
    ['user', t('queue.filterMembers')],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('queue.filterLabel')}>
        {filters.map(([value, label]) => (
          <ToggleChip key={value} pressed={kind === value} onClick={() => setKind(value)}>
            {label}
          </ToggleChip>
        ))}
      </div>
      {groups.isPending ? (
        <LoadingCards label={t('queue.loading')} />
      ) : groups.isError ? (
        <p className="text-sm text-destructive">{t('moderation.reportsError')}</p>
      ) : groups.data.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title={t('queue.emptyTitle')}
          description={t('queue.emptyDescription')}
          testId="text-queue-empty"
        />
      ) : (
        <ul className="grid gap-4" aria-label={t('queue.listLabel')}>
          {groups.data.map((group) => (
            <li key={`${group.targetType}:${group.targetId}`}>
              <ReportGroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Open appeals of removals and suspensions, granted or rejected on the spot. */
export function AppealList() {
  const { t } = useTranslation('safety');
  const appeals = useOpenAppeals(true);
  const command = useModerationCommand();
  if (appeals.isPending) return <LoadingCards label={t('queue.loadingAppeals')} />;
  if (appeals.isError) return <p className="text-sm text-destructive">{t('queue.appealsError')}</p>;
  if (appeals.data.length === 0) {
    return (
      <EmptyState
        icon={Scale}
        title={t('queue.appealsEmptyTitle')}
        description={t('queue.appealsEmptyDescription')}
        testId="text-appeals-empty"
      />
    );
  }
  return (
    <ul className="grid gap-4" aria-label={t('queue.appealsListLabel')}>
      {appeals.data.map((appeal) => (
        <li key={appeal.id}>
          <Card data-testid={`appeal-${appeal.id}`}>
            <CardContent className="grid gap-3 p-4 break-words sm:p-6">
              <p className="text-xs text-muted-foreground uppercase">
                {t(appeal.targetType === 'item' ? 'queue.itemTarget' : 'queue.memberTarget')} ·{' '}
                {appeal.targetLabel}
              </p>
              <h2 className="font-semibold">
                {t('queue.appealFor', { name: appeal.member?.firstName ?? '' })}
              </h2>
              {appeal.sanction.reason ? (
                <p className="text-sm text-muted-foreground">
                  {t(`reasons.${appeal.sanction.reason}`)}
                  {appeal.sanction.note ? ` — ${appeal.sanction.note}` : ''}
                </p>
              ) : null}
              <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-wrap">{appeal.text}</blockquote>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={command.isPending}
                  onClick={() => command.mutate({ kind: 'appeal', appealId: appeal.id, decision: 'granted' })}
                >
                  {t('queue.grant')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={command.isPending}
                  onClick={() =>
                    command.mutate({ kind: 'appeal', appealId: appeal.id, decision: 'rejected' })
                  }
                >
                  {t('queue.reject')}
                </Button>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
