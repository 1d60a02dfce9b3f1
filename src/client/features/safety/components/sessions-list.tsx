import type { MemberSession } from '@common/api/auth';
import { relativeTimeParts } from '@common/domain/relative-time';
import { LoaderCircle, LogOut, Monitor } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat, type Formatters } from '@client/i18n/format';
import { useEndOtherSessions, useEndSession, useMemberSessions } from '../api';

/**
 * 'Where you're signed in' in the Account card: every session of the member (device, last seen),
 * each other one with Sign out, and Sign out everywhere else. A device signed out here loses its
 * live connection within a second.
 */
export function SessionsList() {
  const { t } = useTranslation('safety');
  const id = useId();
  const sessions = useMemberSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="section-sessions">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h3 id={`${id}-title`} className="font-semibold">
            {t('sessions.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('sessions.intro')}</p>
        </div>
        {others > 0 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
            data-testid="button-end-other-sessions"
          >
            {endOthers.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            {t('sessions.endOthers')}
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t('sessions.loading')}>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">{t('sessions.loadError')}</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('sessions.listLabel')}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session }: { session: MemberSession }) {
  const { t } = useTranslation('safety');
  const format = useFormat();
  const end = useEndSession();
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid={`session-${session.id}`}>
      <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{session.device}</span>
          {session.current ? <Badge variant="secondary">{t('sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current
            ? t('sessions.activeNow')
            : t('sessions.lastActive', { when: lastSeen(t, format, session.lastSeenAt) })}{' '}
          · {t('sessions.signedIn', { when: lastSeen(t, format, session.createdAt) })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
          aria-label={t('sessions.signOutDevice', { device: session.device })}
          data-testid={`button-end-session-${session.id}`}
        >
          {end.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** 'just now', '3 hours ago', 'on Mar 4, 2025'. */
function lastSeen(t: TFunction<'safety'>, format: Formatters, at: string): string {
  const parts = relativeTimeParts(at);
  if (!parts || parts.unit === 'now') return t('sessions.justNow');
  if (parts.unit === 'date') return t('sessions.onDate', { date: format.date(parts.date) });
  return format.relative(at);
}
