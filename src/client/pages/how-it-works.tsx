import {
  ArrowRight,
  Ban,
  Camera,
  CircleQuestionMark,
  Compass,
  Handshake,
  Lightbulb,
  ListChecks,
  MessageCircle,
  PackageCheck,
  PenLine,
  Repeat,
  Scale,
  ShieldCheck,
  Sparkles,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { CheckList, PrimaryBanner, StepCard } from '@client/components/layout/marketing';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/lib/session';
import { useAuthDialog } from '@client/features/auth';
import { useDocumentMeta } from '@client/lib/document-meta';

/**
 * The page's texts live in the howItWorks catalogue: each step, feature, tip and question under
 * its key, with its title, text and numbered points.
 */
const GETTING_STARTED: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'signUp', icon: UserPlus },
  { key: 'list', icon: Camera },
  { key: 'discover', icon: Compass },
  { key: 'offer', icon: Handshake },
  { key: 'chat', icon: MessageCircle },
  { key: 'complete', icon: PackageCheck },
];

interface Feature {
  /** `features.<key>` or `tips.<key>` in the catalogue. */
  key: string;
  icon: LucideIcon;
  /** How many points the entry has (`points.1` … `points.<n>`). */
  points: number;
}

const KEY_FEATURES: readonly Feature[] = [
  { key: 'features.matching', icon: Sparkles, points: 3 },
  { key: 'features.social', icon: Users, points: 3 },
  { key: 'features.value', icon: Scale, points: 3 },
  { key: 'features.safety', icon: ShieldCheck, points: 3 },
];

const PRO_TIPS: readonly Feature[] = [
  { key: 'tips.photos', icon: Camera, points: 5 },
  { key: 'tips.descriptions', icon: PenLine, points: 5 },
  { key: 'tips.trading', icon: Repeat, points: 5 },
  { key: 'tips.safety', icon: ShieldCheck, points: 5 },
];

/** The questions (`faq.<key>` in the howItWorks catalogue); also the Help page's. */
export const FAQ_KEYS = ['free', 'matching', 'safety', 'unhappy', 'estimates', 'multiple'] as const;

const TABS = [
  { value: 'getting-started', icon: ListChecks },
  { value: 'features', icon: Sparkles },
  { value: 'tips', icon: Lightbulb },
  { value: 'faq', icon: CircleQuestionMark },
] as const;

/** /how-it-works (docs/product.md, Screens). */
export function HowItWorksPage() {
  const { t } = useTranslation('howItWorks');
  useDocumentMeta(t('metaTitle'), t('metaDescription'));
  return (
    <>
      <HowItWorksHero />
      <PageContainer className="py-12 sm:py-16">
        <Tabs defaultValue="getting-started">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
            {TABS.map(({ value, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="py-2" data-testid={`tab-${value}`}>
                <Icon aria-hidden="true" />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="getting-started" className="mt-8">
            <h2 className="sr-only">{t('tabs.getting-started')}</h2>
            <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {GETTING_STARTED.map(({ key, icon }, index) => (
                <li key={key}>
                  <StepCard
                    icon={icon}
                    step={index + 1}
                    title={t(`gettingStarted.${key}.title`)}
                    text={t(`gettingStarted.${key}.text`)}
                  />
                </li>
              ))}
            </ol>
          </TabsContent>

          <TabsContent value="features" className="mt-8">
            <h2 className="sr-only">{t('tabs.features')}</h2>
            <FeatureGrid features={KEY_FEATURES} />
          </TabsContent>

          <TabsContent value="tips" className="mt-8">
            <h2 className="sr-only">{t('tabs.tips')}</h2>
            <FeatureGrid features={PRO_TIPS} />
          </TabsContent>

          <TabsContent value="faq" className="mt-8">
            <h2 className="sr-only">{t('faqHeading')}</h2>
            <div className="mx-auto max-w-3xl space-y-4">
              {FAQ_KEYS.map((key) => (
                <Card key={key}>
                  <CardHeader className="pb-3">
                    <CardTitle className="text-base sm:text-lg">{t(`faq.${key}.question`)}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-muted-foreground">{t(`faq.${key}.answer`)}</p>
                  </CardContent>
                </Card>
              ))}
            </div>
          </TabsContent>
        </Tabs>
      </PageContainer>
      <ClosingCallToAction />
    </>
  );
}

function HowItWorksHero() {
  const { t } = useTranslation('howItWorks');
  return (
    <section
      aria-labelledby="how-it-works-title"
      className="border-b bg-gradient-to-br from-secondary via-background to-background"
    >
      <PageContainer className="space-y-6 py-14 text-center sm:py-20">
        <h1
          id="how-it-works-title"
          className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          <Trans t={t} i18nKey="hero.title" components={{ accent: <span className="text-primary" /> }} />
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground text-balance">{t('hero.text')}</p>
        <ul className="flex flex-wrap justify-center gap-2" aria-label={t('hero.highlights')}>
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              <Ban aria-hidden="true" />
              {t('hero.noMoney')}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              <Sparkles aria-hidden="true" />
              {t('hero.matching')}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              <ShieldCheck aria-hidden="true" />
              {t('hero.safe')}
            </Badge>
          </li>
        </ul>
      </PageContainer>
    </section>
  );
}

function FeatureGrid({ features }: { features: readonly Feature[] }) {
  const { t } = useTranslation('howItWorks');
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {features.map(({ key, icon: Icon, points }) => (
        <Card key={key} className="h-full">
          <CardHeader>
            <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <CardTitle>{t(`${key}.title`)}</CardTitle>
            <CardDescription className="text-base">{t(`${key}.text`)}</CardDescription>
          </CardHeader>
          <CardContent>
            <CheckList
              points={Array.from({ length: points }, (_, index) => t(`${key}.points.${index + 1}`))}
              className="space-y-2.5"
            />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function ClosingCallToAction() {
  const { t } = useTranslation('howItWorks');
  const { isAuthenticated } = useAuth();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();

  return (
    <section aria-labelledby="cta-heading" className="pb-16">
      <PageContainer>
        <PrimaryBanner
          as="div"
          className="py-12 text-center sm:px-12 sm:py-16"
          glowClassName="-bottom-20 -left-20 size-72"
          contentClassName="mx-auto max-w-2xl space-y-5"
        >
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t('cta.title')}
          </h2>
          <p className="text-lg text-primary-foreground">{t('cta.text')}</p>
          <div className="flex flex-col justify-center gap-3 pt-2 sm:flex-row">
            {isAuthenticated ? null : (
              <Button
                size="lg"
                variant="secondary"
                onPointerEnter={preloadAuthDialog}
                onFocus={preloadAuthDialog}
                onClick={() => openAuthDialog('register')}
                data-testid="button-sign-up-now"
              >
                {t('cta.signUp')}
                <ArrowRight aria-hidden="true" />
              </Button>
            )}
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
            >
              <Link href="/browse" data-testid="button-cta-browse-items">
                {t('cta.browse')}
              </Link>
            </Button>
          </div>
        </PrimaryBanner>
      </PageContainer>
    </section>
  );
}
