import { Activity, Palette, Sparkles, Users, type LucideIcon } from 'lucide-react';
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

const TAB_LABELS: Record<SocialTab, { label: string; icon: LucideIcon; heading: string }> = {
  recommendations: { label: 'Recommendations', icon: Sparkles, heading: 'Recommended traders' },
  style: { label: 'Style Match', icon: Palette, heading: 'Members with your style' },
  activity: { label: 'Activity', icon: Activity, heading: 'Recent activity' },
  network: { label: 'My Network', icon: Users, heading: 'My network' },
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
          aria-label="Social sections"
          className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4"
        >
          {SOCIAL_TABS.map((value) => {
            const { label, icon: Icon } = TAB_LABELS[value];
            return (
              <TabsTrigger key={value} value={value} className="py-2" data-testid={`tab-social-${value}`}>
                <Icon aria-hidden="true" />
                {label}
                {value === 'network' && incoming > 0 ? (
                  <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                    {incoming}
                    <span className="sr-only"> friend {incoming === 1 ? 'request' : 'requests'}</span>
                  </span>
                ) : null}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {SOCIAL_TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-6">
            <h2 className="sr-only">{TAB_LABELS[value].heading}</h2>
            {value === 'recommendations' ? <RecommendationsTab /> : null}
            {value === 'style' ? <StyleMatchTab /> : null}
            {value === 'activity' ? <ActivityTab /> : null}
            {value === 'network' ? <NetworkTab /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
