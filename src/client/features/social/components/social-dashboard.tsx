import { Activity, Palette, Sparkles, Users, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useNetwork } from '../api';
import { ActivityTab } from './activity-tab';
import { NetworkTab } from './network-tab';
import { RecommendationsTab } from './recommendations-tab';
import { SocialStatsCard } from './social-stats-card';
import { StyleMatchTab } from './style-match-tab';

const SOCIAL_TABS = ['recommendations', 'style', 'activity', 'network'] as const;
type SocialTab = (typeof SOCIAL_TABS)[number];

/** Each tab's label and heading are `tabs.<tab>.label` / `.heading` in the social catalogue. */
const TAB_ICONS: Record<SocialTab, LucideIcon> = {
  recommendations: Sparkles,
  style: Palette,
  activity: Activity,
  network: Users,
};

const TAB_PANELS: Record<SocialTab, ComponentType> = {
  recommendations: RecommendationsTab,
  style: StyleMatchTab,
  activity: ActivityTab,
  network: NetworkTab,
};

function isSocialTab(value: string | null): value is SocialTab {
  return (SOCIAL_TABS as readonly (string | null)[]).includes(value);
}

/**
 * The member's social dashboard: the stats card and four tabs. The open tab lives in the URL
 * (?tab=), so notification links such as /social?tab=network open it; it starts on
 * Recommendations (docs/product.md, Social).
 */
export function SocialDashboard() {
  const { t } = useTranslation('social');
  const [, navigate] = useLocation();
  const tabParam = new URLSearchParams(useSearch()).get('tab');
  const tab: SocialTab = isSocialTab(tabParam) ? tabParam : 'recommendations';
  const network = useNetwork();
  const incoming = network.data?.incoming.length ?? 0;

  return (
    <div className="grid grid-cols-1 gap-8">
      <SocialStatsCard />

      <Tabs value={tab} onValueChange={(value) => navigate(`/social?tab=${value}`, { replace: true })}>
        <TabsList
          aria-label={t('tabs.label')}
          className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4"
        >
          {SOCIAL_TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            const pending = value === 'network' ? incoming : 0;
            return (
              <TabsTrigger key={value} value={value} className="py-2" data-testid={`tab-social-${value}`}>
                <Icon aria-hidden="true" />
                {t(`tabs.${value}.label`)}
                {pending > 0 ? (
                  <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                    {pending}
                    <span className="sr-only"> {t('tabs.friendRequests', { count: pending })}</span>
                  </span>
                ) : null}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {SOCIAL_TABS.map((value) => {
          const Panel = TAB_PANELS[value];
          return (
            <TabsContent key={value} value={value} className="mt-6">
              <h2 className="sr-only">{t(`tabs.${value}.heading`)}</h2>
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
