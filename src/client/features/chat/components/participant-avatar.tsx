import type { UserSummary } from '@common/api/users';
import { initials } from '@common/domain/display-name';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';

/** The other member's photo, or their initials while it loads or when there is none. */
export function ParticipantAvatar({ user, className }: { user: UserSummary; className?: string }) {
  return (
    <Avatar className={className} aria-hidden="true">
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}
