import { displayName, initials } from '@common/domain/display-name';
import { relativeTime } from '@common/domain/relative-time';
import { LoaderCircle, ShieldOff } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useBlockedMembers, type BlockedMember } from '../api';
import { useBlockToggle } from './member-safety-actions';

/** 'Blocked members' in the Account card: who the member blocked, each with Unblock. */
export function BlockedMembersList() {
  const id = useId();
  const blocks = useBlockedMembers();

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="section-blocked-members">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Blocked members
        </h3>
        <p className="text-sm text-muted-foreground">
          Blocked members cannot message you or send you trade requests, and you cannot contact them.
        </p>
      </div>
      {blocks.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading blocked members">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : blocks.isError ? (
        <p className="text-sm text-destructive">We couldn't load the members you blocked.</p>
      ) : blocks.data.length === 0 ? (
        <p
          className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground"
          data-testid="text-no-blocked-members"
        >
          You haven't blocked anyone.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {blocks.data.map((entry) => (
            <BlockedMemberRow key={entry.user.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedMemberRow({ entry }: { entry: BlockedMember }) {
  const name = displayName(entry.user);
  const toggle = useBlockToggle(entry.user.id, name);

  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid={`blocked-member-${entry.user.id}`}>
      <Avatar className="size-10">
        {entry.user.profileImageUrl ? <AvatarImage src={entry.user.profileImageUrl} alt="" /> : null}
        <AvatarFallback>{initials(entry.user)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link
          href={`/profile?user=${entry.user.id}`}
          className="block truncate font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {name}
        </Link>
        <p className="text-xs text-muted-foreground">{blockedWhen(entry.createdAt)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={toggle.pending}
        onClick={toggle.unblock}
        aria-label={`Unblock ${name}`}
        data-testid={`button-unblock-${entry.user.id}`}
      >
        {toggle.pending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <ShieldOff aria-hidden="true" />
        )}
        Unblock
      </Button>
    </li>
  );
}

/** 'Blocked just now', 'Blocked 3 days ago', 'Blocked on Mar 4, 2025'. */
function blockedWhen(createdAt: string): string {
  const when = relativeTime(createdAt);
  if (when === 'Just now') return 'Blocked just now';
  return when.endsWith(' ago') ? `Blocked ${when}` : `Blocked on ${when}`;
}
