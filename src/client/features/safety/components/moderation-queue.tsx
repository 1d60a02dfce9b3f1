import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { type QueueKind, useModerationCommand, useOpenAppeals, useReportGroups } from '../moderation-api';
import { ReportGroupCard } from './report-group-card';

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
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('queue.tab')}>
        {filters.map(([value, label]) => (
          <ToggleChip key={value} pressed={kind === value} onClick={() => setKind(value)}>
            {label}
          </ToggleChip>
        ))}
      </div>
      {groups.isError ? <p className="text-sm text-destructive">{t('moderation.reportsError')}</p> : null}
      {groups.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t('queue.empty')}</p> : null}
      {groups.data?.map((group) => (
        <ReportGroupCard key={`${group.targetType}:${group.targetId}`} group={group} />
      ))}
    </div>
  );
}

/** Open appeals of removals and suspensions, granted or rejected on the spot. */
export function AppealList() {
  const { t } = useTranslation('safety');
  const appeals = useOpenAppeals(true);
  const command = useModerationCommand();
  if (appeals.data?.length === 0) return <p className="text-sm text-muted-foreground">{t('queue.empty')}</p>;
  return (
    <div className="grid gap-4">
      {appeals.data?.map((appeal) => (
        <Card key={appeal.id} data-testid={`appeal-${appeal.id}`}>
          <CardContent className="grid gap-3 p-4 sm:p-6">
            <p className="text-xs uppercase text-muted-foreground">
              {t(appeal.targetType === 'item' ? 'queue.itemTarget' : 'queue.memberTarget')} ·{' '}
              {appeal.targetLabel}
            </p>
            <h3 className="font-semibold">
              {t('queue.appealFor', { name: appeal.member?.firstName ?? '' })}
            </h3>
            {appeal.sanction.reason ? (
              <p className="text-sm text-muted-foreground">
                {t(`reasons.${appeal.sanction.reason}`)}
                {appeal.sanction.note ? ` — ${appeal.sanction.note}` : ''}
              </p>
            ) : null}
            <p className="whitespace-pre-wrap text-sm">{appeal.text}</p>
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
                onClick={() => command.mutate({ kind: 'appeal', appealId: appeal.id, decision: 'rejected' })}
              >
                {t('queue.reject')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
