import { LayoutDashboard, ScrollText, Settings, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRoute } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useAuth } from '@client/lib/session';
import { AdminDashboard, AuditLog, MemberDetail, MemberDirectory } from '@client/features/admin';
import { CommunitySettingsPanel } from '@client/features/community';
import { NotFoundPage } from './not-found';

type Section = 'dashboard' | 'members' | 'settings' | 'audit';
const PATHS: Record<Section, string> = {
  dashboard: '/admin',
  members: '/admin/members',
  settings: '/admin/settings',
  audit: '/admin/audit',
};
const ICONS: Record<Section, ReactNode> = {
  dashboard: <LayoutDashboard aria-hidden="true" />,
  members: <Users aria-hidden="true" />,
  settings: <Settings aria-hidden="true" />,
  audit: <ScrollText aria-hidden="true" />,
};

/** The section a path opens, or null for a path under /admin that is none of them. */
function sectionOf(path: string): Section | null {
  if (path === '/admin' || path === '/admin/') return 'dashboard';
  if (path === '/admin/members' || /^\/admin\/members\/[^/]+$/.test(path)) return 'members';
  if (path === '/admin/settings') return 'settings';
  if (path === '/admin/audit') return 'audit';
  return null;
}

/**
 * /admin, the console of the community's admins (granted with `npm run admin -- grant <email>` or
 * by another admin): a tab per sub-path. The router only offers it to admins; anyone else, and any
 * unknown sub-path, gets the not-found page (the API answers 403 besides).
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('metaTitle'));
  const { user } = useAuth();
  const [location, navigate] = useLocation();
  const [onMember, params] = useRoute('/admin/members/:id');
  const section = sectionOf(location);
  if (!user?.isAdmin || !section) return <NotFoundPage />;

  return (
    <PageContainer className="py-8 sm:py-10" data-testid="page-admin">
      <div className="grid gap-6">
        <PageHeader title={t('title')} description={t('description')} />
        <Tabs value={section} onValueChange={(value) => navigate(PATHS[value as Section])}>
          <TabsList aria-label={t('tabsLabel')} className="h-auto w-full flex-wrap sm:w-auto">
            {(Object.keys(PATHS) as Section[]).map((value) => (
              <TabsTrigger
                key={value}
                value={value}
                className="flex-1 sm:flex-none"
                data-testid={`tab-admin-${value}`}
              >
                {ICONS[value]}
                {t(`tabs.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="dashboard" className="mt-6">
            <AdminDashboard />
          </TabsContent>
          <TabsContent value="members" className="mt-6">
            {onMember && params?.id ? <MemberDetail memberId={params.id} /> : <MemberDirectory />}
          </TabsContent>
          <TabsContent value="settings" className="mt-6">
            <CommunitySettingsPanel />
          </TabsContent>
          <TabsContent value="audit" className="mt-6">
            <AuditLog />
          </TabsContent>
        </Tabs>
      </div>
    </PageContainer>
  );
}
