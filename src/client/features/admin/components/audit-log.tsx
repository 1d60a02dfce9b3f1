import { MODERATION_ACTIONS, type AuditEntry, type ModerationAction } from '@common/api/moderation';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '@client/components/ui/empty-state';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useAuditLog } from '../api';
import { Pager } from './member-directory';
import { StackedBody, StackedCell, StackedHead, StackedRow, StackedTable } from './stacked-table';

const ALL = 'all';

/** The audit log, newest first, page by page, filtered by the kind of action. */
/** The message an entry's details carry (a warning's text), if any. */
function detailMessage(entry: { details: Record<string, unknown> }): string | null {
  const message = entry.details.message;
  return typeof message === 'string' ? message : null;
}

export function AuditLog() {
  const { t } = useTranslation('admin');
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, action);
  return (
    <section className="grid gap-4" aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-xl font-semibold">
        {t('audit.title')}
      </h2>
      <div className="grid max-w-xs gap-2">
        <Label htmlFor="audit-action">{t('audit.filter')}</Label>
        <Select
          value={action ?? ALL}
          onValueChange={(value) => {
            setAction(value === ALL ? null : (value as ModerationAction));
            setPage(1);
          }}
        >
          <SelectTrigger id="audit-action" data-testid="select-audit-action">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('audit.allActions')}</SelectItem>
            {MODERATION_ACTIONS.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`actionNames.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {log.isError ? (
        <p role="alert" className="text-destructive">
          {t('audit.error')}
        </p>
      ) : !log.data ? (
        <div className="grid gap-2" role="status" aria-label={t('audit.loading')}>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-12" />
          ))}
        </div>
      ) : log.data.entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={t('audit.emptyTitle')}
          description={t('audit.emptyDescription')}
          testId="audit-empty"
        />
      ) : (
        <>
          <AuditTable entries={log.data.entries} />
          <Pager page={page} hasMore={log.data.hasMore} onPage={setPage} label={t('audit.pagerLabel')} />
        </>
      )}
    </section>
  );
}

/** Who did what to which target, why and when: the log's rows, also on a member's page. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormat();
  const columns = [t('audit.when'), t('audit.who'), t('audit.action'), t('audit.target'), t('audit.reason')];
  return (
    <StackedTable aria-label={t('audit.tableLabel')} data-testid="audit-table">
      <StackedHead columns={columns} />
      <StackedBody>
        {entries.map((entry) => (
          <StackedRow key={entry.id} data-testid={`audit-row-${entry.action}`}>
            <StackedCell label={columns[0] ?? ''}>{dateTime(entry.createdAt)}</StackedCell>
            <StackedCell label={columns[1] ?? ''}>
              {entry.actor ? (
                <Link
                  href={`/admin/members/${entry.actor.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {[entry.actor.firstName, entry.actor.lastName].filter(Boolean).join(' ')}
                </Link>
              ) : (
                t('audit.system')
              )}
            </StackedCell>
            <StackedCell label={columns[2] ?? ''}>{t(`actionNames.${entry.action}`)}</StackedCell>
            <StackedCell label={columns[3] ?? ''}>
              <Target entry={entry} />
            </StackedCell>
            <StackedCell label={columns[4] ?? ''}>
              {entry.reason ? t(`safety:reasons.${entry.reason}`, { defaultValue: entry.reason }) : null}
              {entry.note ? <span className="block text-muted-foreground">{entry.note}</span> : null}
              {detailMessage(entry) ? (
                <span className="block text-muted-foreground">{detailMessage(entry)}</span>
              ) : null}
              {isRoleChange(entry) ? (
                <span className="block text-muted-foreground">
                  {t('audit.roleChange', {
                    from: t(`roles.${String(entry.details.from)}`, {
                      defaultValue: String(entry.details.from),
                    }),
                    to: t(`roles.${String(entry.details.to)}`, { defaultValue: String(entry.details.to) }),
                  })}
                </span>
              ) : null}
            </StackedCell>
          </StackedRow>
        ))}
      </StackedBody>
    </StackedTable>
  );
}

const isRoleChange = (entry: AuditEntry) => entry.action === 'member.role-changed';
const isMemberTarget = (entry: AuditEntry) => entry.targetType === 'member';

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const kind = t(`targetTypes.${entry.targetType}`);
  const subject = entry.subjectId;
  return subject ? (
    <Link href={`/admin/members/${subject}`} className="text-primary underline-offset-4 hover:underline">
      {isMemberTarget(entry) ? t('audit.memberTarget') : t('audit.ownedTarget', { kind })}
    </Link>
  ) : (
    <span>{kind}</span>
  );
}
