import type { UserSummary } from '@common/api/users';
import { initials } from '@common/domain/display-name';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { cn } from '@client/lib/utils';

/** A member's photo, or their initials while it loads or when there is none. Decorative: the name is always shown beside it. */
export function MemberAvatar({
  user,
  className,
  fallbackClassName,
}: {
  user: UserSummary;
  className?: string;
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback className={cn('select-none', fallbackClassName)}>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}

/** /profile?user={id}: a member's public profile. */
export function memberProfileHref(userId: string): string {
  return `/profile?user=${encodeURIComponent(userId)}`;
}
