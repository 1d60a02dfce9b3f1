import type { User } from '@common/api/users';
import { initials } from '@common/domain/display-name';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';

/** The member's photo, or their initials while it loads or when there is none. */
export function UserAvatar({
  user,
  className,
  fallbackClassName,
}: {
  user: User;
  className?: string;
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback className={fallbackClassName}>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}
