import type { MemberSession } from '@common/api/auth';
import { relativeTime } from '@common/domain/relative-time';
import { LoaderCircle, LogOut, Monitor } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useEndOtherSessions, useEndSession, useMemberSessions } from '../api';

/**
 * 'Where you're signed in' in the Account card: every session of the member (device, last seen),
 * each other one with Sign out, and Sign out everywhere else. A device signed out here loses its
 * live connection within a second.
 */
export function SessionsList() {
  const id = useId();
  const sessions = useMemberSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="section-sessions">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h3 id={`${id}-title`} className="font-semibold">
            Where you're signed in
          </h3>
          <p className="text-sm text-muted-foreground">
            If you don't recognise a device, sign it out and change your password.
          </p>
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
            Sign out everywhere else
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading your sessions">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">We couldn't load where you're signed in.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session }: { session: MemberSession }) {
  const end = useEndSession();
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid={`session-${session.id}`}>
      <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{session.device}</span>
          {session.current ? <Badge variant="secondary">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? 'Active now' : `Last active ${lastSeen(session.lastSeenAt)}`} · signed in{' '}
          {lastSeen(session.createdAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
          aria-label={`Sign out ${session.device}`}
          data-testid={`button-end-session-${session.id}`}
        >
          {end.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Sign out
        </Button>
      )}
    </li>
  );
}

/** 'just now', '3 hours ago', 'on Mar 4, 2025'. */
function lastSeen(at: string): string {
  const when = relativeTime(at);
  if (when === 'Just now') return 'just now';
  return when.endsWith(' ago') ? when : `on ${when}`;
}
