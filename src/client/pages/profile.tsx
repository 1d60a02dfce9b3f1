import { displayName } from '@common/domain/display-name';
import { Card, CardContent } from '@client/components/ui/card';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/features/auth/api';
import { UserAvatar } from '@client/features/auth/components/user-avatar';

/** Spec §2 Profile: the default bio when the member has not written one. */
const DEFAULT_BIO = 'Fashion enthusiast and sustainable trader';

/** /profile (members): the header for now; stats and the five tabs arrive with the profile issue. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <PageContainer className="py-10">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:flex-row sm:text-left">
          <UserAvatar user={user} className="size-20" fallbackClassName="text-2xl" />
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold tracking-tight break-words">{displayName(user)}</h1>
            <p className="text-muted-foreground">{user.bio?.trim() || DEFAULT_BIO}</p>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
