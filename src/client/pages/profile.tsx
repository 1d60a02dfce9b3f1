import { ArrowLeftRight, Heart, Package, Settings2, Star, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/lib/session';
import { ReviewsPanel } from '@client/features/reviews';
import { InviteCard, useCommunity } from '@client/features/community';
import { BarterActionsProvider, BarterManagement } from '@client/features/trades';
import {
  FavoritesTab,
  MyItemsTab,
  PreferencesForm,
  ProfileHeader,
  ProfileStats,
  PublicProfile,
  useAuthUser,
} from '@client/features/users';
import { useDocumentMeta } from '@client/lib/document-meta';

const PROFILE_TABS = ['items', 'barters', 'favorites', 'reviews', 'preferences'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

/** Each tab's icon; its label is `users:profile.tabs.<tab>`. */
const TAB_ICONS: Record<ProfileTab, LucideIcon> = {
  items: Package,
  barters: ArrowLeftRight,
  favorites: Heart,
  reviews: Star,
  preferences: Settings2,
};

function isProfileTab(value: string | null): value is ProfileTab {
  return (PROFILE_TABS as readonly (string | null)[]).includes(value);
}

/**
 * /profile (members, docs/product.md (Screens) Profile). The open tab lives in the URL (?tab=), so notification
 * links such as /profile?tab=barters open it; ?user={id} shows another member's public profile.
 */
export function ProfilePage() {
  const { t } = useTranslation('users');
  useDocumentMeta(t('profile.documentTitle'));
  const { user: sessionUser } = useAuth();
  const params = new URLSearchParams(useSearch());
  const viewedId = params.get('user');
  const tabParam = params.get('tab');

  if (!sessionUser) return null;

  return (
    <BarterActionsProvider>
      <PageContainer className="py-8 sm:py-10">
        {viewedId && viewedId !== sessionUser.id ? (
          <PublicProfile key={viewedId} userId={viewedId} />
        ) : (
          <OwnProfile tab={isProfileTab(tabParam) ? tabParam : 'items'} />
        )}
      </PageContainer>
    </BarterActionsProvider>
  );
}

function OwnProfile({ tab }: { tab: ProfileTab }) {
  const { t } = useTranslation('users');
  const [, navigate] = useLocation();
  const { user: sessionUser } = useAuth();
  // The member as stored now (bio, preferences); the session's copy shows until it arrives.
  const authUser = useAuthUser();
  const user = authUser.data ?? sessionUser;
  // Invitations matter where joining is by invitation only.
  const byInvitation = useCommunity()?.registration === 'invite';
  const tabsRef = useRef<HTMLDivElement>(null);

  if (!user) return null;

  const selectTab = (next: ProfileTab) => navigate(`/profile?tab=${next}`, { replace: true });
  const editProfile = () => {
    selectTab('preferences');
    tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-stretch">
        <ProfileHeader user={user} onEdit={editProfile} />
        <ProfileStats user={user} />
      </div>

      <div ref={tabsRef} className="scroll-mt-36">
        <Tabs value={tab} onValueChange={(value) => selectTab(value as ProfileTab)}>
          <TabsList
            aria-label={t('profile.sections')}
            className="flex h-auto w-full flex-wrap justify-start gap-1 sm:w-auto sm:flex-nowrap"
          >
            {PROFILE_TABS.map((value) => {
              const Icon = TAB_ICONS[value];
              return (
                <TabsTrigger
                  key={value}
                  value={value}
                  className="flex-auto sm:flex-none"
                  data-testid={`tab-profile-${value}`}
                >
                  <Icon aria-hidden="true" />
                  {t(`profile.tabs.${value}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="items" className="mt-6">
            <MyItemsTab memberId={user.id} />
          </TabsContent>
          <TabsContent value="barters" className="mt-6">
            <section aria-labelledby="barters-heading" className="grid gap-5">
              <div>
                <h2 id="barters-heading" className="text-xl font-semibold">
                  {t('profile.tabs.barters')}
                </h2>
                <p className="text-sm text-muted-foreground">{t('profile.bartersDescription')}</p>
              </div>
              <BarterManagement />
            </section>
          </TabsContent>
          <TabsContent value="favorites" className="mt-6">
            <FavoritesTab />
          </TabsContent>
          <TabsContent value="reviews" className="mt-6">
            <section aria-labelledby="reviews-heading" className="grid gap-5">
              <h2 id="reviews-heading" className="text-xl font-semibold">
                {t('profile.tabs.reviews')}
              </h2>
              <ReviewsPanel userId={user.id} isOwn />
            </section>
          </TabsContent>
          <TabsContent value="preferences" className="mt-6">
            {authUser.data ? (
              <div className="grid gap-10">
                <PreferencesForm key={authUser.data.id} user={authUser.data} />
                {byInvitation ? <InviteCard /> : null}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground" role="status">
                {t('profile.loadingPreferences')}
              </p>
            )}
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
