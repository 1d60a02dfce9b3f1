import type { MemberRole } from '@common/api/moderation';
import { Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useAdminMembers } from '../api';
import { StackedBody, StackedCell, StackedHead, StackedRow, StackedTable } from './stacked-table';

const SEARCH_DELAY_MS = 300;

/** What the search box holds, once the member stopped typing for a moment. */
function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function RoleBadge({ role }: { role: MemberRole }) {
  const { t } = useTranslation('admin');
  return <Badge variant={role === 'member' ? 'outline' : 'secondary'}>{t(`roles.${role}`)}</Badge>;
}

export function StatusBadge({ status }: { status: 'active' | 'suspended' | 'deleted' }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant={status === 'suspended' ? 'destructive' : 'outline'} data-testid="member-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The member directory: search by name or email, each member's role, status and counts. */
export function MemberDirectory() {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const members = useAdminMembers(q, page);
  const columns = [
    t('members.name'),
    t('members.role'),
    t('members.status'),
    t('members.activity'),
    t('members.joined'),
  ];

  return (
    <section className="grid gap-4" aria-labelledby="members-title">
      <h2 id="members-title" className="text-xl font-semibold">
        {t('members.title')}
      </h2>
      <form
        role="search"
        aria-label={t('members.searchLandmark')}
        className="grid max-w-md gap-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <Label htmlFor="member-search">{t('members.searchLabel')}</Label>
        <div className="relative">
          <Search
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="member-search"
            type="search"
            className="pl-9"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('members.searchPlaceholder')}
            maxLength={100}
            autoComplete="off"
            data-testid="input-member-search"
          />
        </div>
      </form>
      {members.isError ? (
        <p role="alert" className="text-destructive">
          {t('members.error')}
        </p>
      ) : !members.data ? (
        <div className="grid gap-2" role="status" aria-label={t('members.loading')}>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-14" />
          ))}
        </div>
      ) : members.data.members.length === 0 ? (
        <EmptyState
          icon={Users}
          title={q ? t('members.noMatchTitle') : t('members.emptyTitle')}
          description={q ? t('members.noMatchDescription', { q }) : undefined}
          testId="members-empty"
        />
      ) : (
        <>
          <StackedTable aria-label={t('members.tableLabel')} data-testid="members-table">
            <StackedHead columns={columns} />
            <StackedBody>
              {members.data.members.map((member) => (
                <StackedRow key={member.id} data-testid={`member-row-${member.id}`}>
                  <StackedCell label={columns[0] ?? ''}>
                    <Link
                      href={`/admin/members/${member.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                      data-testid={`link-member-${member.id}`}
                    >
                      {[member.firstName, member.lastName].filter(Boolean).join(' ')}
                    </Link>
                    <span className="block text-muted-foreground">{member.email}</span>
                  </StackedCell>
                  <StackedCell label={columns[1] ?? ''}>
                    <RoleBadge role={member.role} />
                  </StackedCell>
                  <StackedCell label={columns[2] ?? ''}>
                    <StatusBadge status={member.status} />
                    {member.suspendedUntil ? (
                      <span className="block text-xs text-muted-foreground">
                        {t('members.until', { date: date(member.suspendedUntil) })}
                      </span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label={columns[3] ?? ''}>
                    {t('members.counts', {
                      listings: member.counts.listings,
                      trades: member.counts.trades,
                      reports: member.counts.reportsAgainst,
                    })}
                  </StackedCell>
                  <StackedCell label={columns[4] ?? ''}>{date(member.createdAt)}</StackedCell>
                </StackedRow>
              ))}
            </StackedBody>
          </StackedTable>
          <Pager
            page={page}
            hasMore={members.data.hasMore}
            onPage={setPage}
            label={t('members.pagerLabel')}
          />
        </>
      )}
    </section>
  );
}

export function Pager({
  page,
  hasMore,
  onPage,
  label,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <Button variant="outline" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">{t('pager.page', { page })}</span>
      <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
