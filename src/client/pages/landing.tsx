import { DEFAULT_COMMUNITY_DESCRIPTION, DEFAULT_COMMUNITY_NAME } from '@common/domain/community';
import { useCommunity } from '@client/lib/community';
import type { CategoryFilterId } from '@common/domain/taxonomy';
import {
  ArrowLeftRight,
  ArrowRight,
  Camera,
  Check,
  Footprints,
  Handshake,
  Recycle,
  Search,
  Shirt,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AfterFirstPaint } from '@client/components/layout/after-first-paint';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { PageContainer } from '@client/components/layout/page-container';
import { SectionHeading } from '@client/components/layout/section-heading';
import { useAuthDialog } from '@client/features/auth';
import { CategoryRow, ItemsShowcase } from '@client/features/items';
import { StatsBand } from '@client/features/stats';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useDocumentMeta } from '@client/lib/document-meta';

/** / for visitors (docs/product.md, Screens). */
export function LandingPage() {
  const { t } = useTranslation('home');
  useDocumentMeta(t('landing.metaTitle'));
  const [category, setCategory] = useState<CategoryFilterId>('');

  return (
    <>
      <LandingHero />
      <PageContainer className="space-y-8 py-14 sm:py-16">
        <CategoryRow value={category} onChange={setCategory} />
        <ItemsShowcase
          id="trending-items"
          title={t('landing.trending.title')}
          description={t('landing.trending.description')}
          category={category}
          sortBy="trending"
        />
      </PageContainer>
      {/* Below the first screen at every width: rendered just after the first paint, a band a task. */}
      <AfterFirstPaint stage={0}>
        <HowItWorksBand />
      </AfterFirstPaint>
      <AfterFirstPaint stage={1}>
        <StatsBand />
      </AfterFirstPaint>
    </>
  );
}

function LandingHero() {
  const { t } = useTranslation('home');
  const { openAuthDialog } = useAuthDialog();
  // A community that set its own name and description shows them; otherwise the product's words.
  const community = useCommunity();
  const ownName = community && community.name !== DEFAULT_COMMUNITY_NAME ? community.name : null;
  const ownDescription =
    community && community.description && community.description !== DEFAULT_COMMUNITY_DESCRIPTION
      ? community.description
      : null;
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden border-b bg-gradient-to-br from-secondary via-background to-background"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-coral/15 blur-3xl"
      />
      <PageContainer className="relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-2 lg:py-24">
        <div className="space-y-6">
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            <Recycle aria-hidden="true" />
            <span data-testid="text-community-name">{ownName ?? t('landing.hero.badge')}</span>
          </Badge>
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            <Trans
              t={t}
              i18nKey="landing.hero.title"
              components={{ accent: <span className="text-primary" /> }}
            />
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">{ownDescription ?? t('landing.hero.text')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={() => openAuthDialog('register')} data-testid="button-start-trading">
              {t('landing.hero.startTrading')}
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/browse" data-testid="button-browse-items">
                {t('landing.hero.browseItems')}
              </Link>
            </Button>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {PERKS.map((perk) => (
              <li key={perk} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {t(`landing.hero.perks.${perk}`)}
              </li>
            ))}
          </ul>
        </div>
        <SwapIllustration />
      </PageContainer>
    </section>
  );
}

const PERKS = ['free', 'noFees', 'itemForItem'] as const;

/** A decorative swap of two listings; drawn with markup and icons, no images to download. */
function SwapIllustration() {
  const { t } = useTranslation('home');
  const format = useFormat();
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-xs select-none sm:max-w-md">
      <div className="relative grid grid-cols-2 items-start gap-4 sm:gap-6">
        <IllustrationCard
          icon={Shirt}
          title={t('landing.illustration.jacket')}
          // i18n-ignore: a brand and a size
          meta="Levi's · M"
          value={format.money(4500)}
          tint="from-sky-100 to-indigo-100 text-indigo-500"
          className="-rotate-3"
        />
        <IllustrationCard
          icon={Footprints}
          title={t('landing.illustration.boots')}
          // i18n-ignore: a brand and a size
          meta="Dr. Martens · 8"
          value={format.money(4800)}
          tint="from-orange-100 to-rose-100 text-rose-500"
          className="mt-10 rotate-3"
        />
        <span className="absolute top-1/2 left-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-4 ring-background">
          <ArrowLeftRight className="size-6" />
        </span>
      </div>
      <div className="mt-6 flex justify-center">
        <span className="flex items-center gap-1.5 rounded-full border bg-card px-4 py-2 text-sm font-medium whitespace-nowrap shadow-md">
          <Sparkles className="size-4 text-coral" />
          {t('landing.illustration.match', { percent: format.number(0.96, { style: 'percent' }) })}
        </span>
      </div>
    </div>
  );
}

function IllustrationCard({
  icon: Icon,
  title,
  meta,
  value,
  tint,
  className,
}: {
  icon: LucideIcon;
  title: string;
  meta: string;
  value: string;
  tint: string;
  className: string;
}) {
  return (
    <div className={cn('overflow-hidden rounded-2xl border bg-card shadow-lg', className)}>
      <div className={cn('relative flex aspect-[4/5] items-center justify-center bg-gradient-to-br', tint)}>
        <Icon className="size-16 sm:size-20" strokeWidth={1.25} />
        <span className="absolute top-2 left-2 rounded-full bg-card/90 px-2 py-0.5 text-xs font-semibold text-foreground">
          {value}
        </span>
      </div>
      <div className="space-y-0.5 p-3">
        <p className="truncate text-sm font-semibold">{title}</p>
        <p className="truncate text-xs text-muted-foreground">{meta}</p>
      </div>
    </div>
  );
}

/** The three steps; their titles and texts are under `landing.steps.<key>` in the home catalogue. */
const STEPS = [
  { key: 'list', icon: Camera },
  { key: 'match', icon: Search },
  { key: 'trade', icon: Handshake },
] as const;

function HowItWorksBand() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="how-it-works-heading" className="border-y bg-muted/60">
      <PageContainer className="space-y-12 py-16 sm:py-20">
        <SectionHeading
          id="how-it-works-heading"
          title={t('landing.steps.title')}
          description={t('landing.steps.description')}
        />
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="relative rounded-2xl border bg-card p-6 shadow-xs">
              <span className="absolute top-6 right-6 text-4xl font-extrabold text-muted-foreground/20">
                {index + 1}
              </span>
              <span className="mb-5 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mb-2 text-lg font-semibold">{t(`landing.steps.${key}.title`)}</h3>
              <p className="text-muted-foreground">{t(`landing.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
        <div className="text-center">
          <Button asChild variant="outline">
            <Link href="/how-it-works">
              {t('landing.steps.learnMore')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </PageContainer>
    </section>
  );
}
