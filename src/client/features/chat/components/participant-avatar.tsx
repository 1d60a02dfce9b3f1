import type { UserSummary } from '@common/api/users';
import { initials } from '@common/domain/display-name';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { cn } from '@client/lib/utils';

/** The other member's photo, or their initials while it loads or when there is none. */
export function ParticipantAvatar({ user, className }: { user: UserSummary; className?: string }) {
  return (
    <Avatar className={className} aria-hidden="true">
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}

/** A ring thread's other members as overlapping avatars (up to three), the size of one avatar. */
export function MemberAvatars({ users, className }: { users: UserSummary[]; className?: string }) {
  const shown = users.slice(0, 3);
  return (
    <span className={cn('relative shrink-0', className)} aria-hidden="true" data-testid="member-avatars">
      {shown.map((user, index) => (
        <ParticipantAvatar
          key={user.id}
          user={user}
          className={cn(
            'absolute size-[62%] border-2 border-background text-[0.6rem]',
            index === 0 && 'top-0 left-0',
            index === 1 && 'right-0 bottom-0',
            index === 2 && 'bottom-0 left-0',
          )}
        />
      ))}
    </span>
  );
}
