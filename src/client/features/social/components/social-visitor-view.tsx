import {
  ArrowRight,
  Handshake,
  Lock,
  Mail,
  Sparkles,
  TrendingUp,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { CheckList, PrimaryBanner, StepCard } from '@client/components/layout/marketing';
import { SectionHeading } from '@client/components/layout/section-heading';
import { useExternalSignIn } from '@client/lib/session';
import { StatTiles } from './social-stats-card';

/*
 * What a visitor sees on /social (docs/product.md, Social): the join prompt, 'How Social Trading Works',
 * 'Why Join the Social Network?' and, where members see their dashboard, a preview of it with
 * 'Get Started'. Every button is a full-page navigation to a server path (docs/product.md, Social).
 */

/** Each step's title and text are `visitor.how.steps.<key>.title` / `.text` in the social catalogue. */
const STEPS: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'profile', icon: UserRound },
  { key: 'recommendations', icon: Sparkles },
  { key: 'connect', icon: Handshake },
  { key: 'influence', icon: TrendingUp },
];

/** The two 'Why join' cards: `visitor.why.<key>.title` and `.point1` to `.point4`. */
const WHY_JOIN = ['traders', 'style'] as const;
const WHY_JOIN_POINTS = ['point1', 'point2', 'point3', 'point4'] as const;

export function SocialVisitorView() {
  return (
    <div className="grid grid-cols-1 gap-16 sm:gap-20">
      <JoinPrompt />
      <HowSocialTradingWorks />
      <WhyJoin />
      <DashboardPreview />
    </div>
  );
}

/** The sign-up buttons: with email always, with the external provider only when the server has one. */
function JoinPrompt() {
  const { t } = useTranslation('social');
  const external = useExternalSignIn();
  return (
    <PrimaryBanner
      aria-labelledby="social-join-heading"
      className="py-10 text-center sm:px-12 sm:py-14"
      glowClassName="-top-20 -right-20 size-72"
      contentClassName="mx-auto max-w-2xl space-y-4"
    >
      <h2 id="social-join-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {t('visitor.join.title')}
      </h2>
      <p className="text-primary-foreground/90 sm:text-lg">{t('visitor.join.text')}</p>
      <div className="flex flex-col justify-center gap-3 pt-2 sm:flex-row">
        {external ? (
          <Button asChild size="lg" variant="secondary">
            <a href="/api/auth/external" data-testid="button-social-signup-external">
              <UserRound aria-hidden="true" />
              {t('visitor.join.signUpWith', { provider: external.providerName })}
            </a>
          </Button>
        ) : null}
        <Button
          asChild
          size="lg"
          variant={external ? 'outline' : 'secondary'}
          className={
            external
              ? 'border-white/40 bg-transparent text-primary-foreground hover:bg-white/10 hover:text-primary-foreground'
              : undefined
          }
        >
          <a href="/api/auth/email" data-testid="button-social-signup-email">
            <Mail aria-hidden="true" />
            {t('visitor.join.signUpEmail')}
          </a>
        </Button>
      </div>
    </PrimaryBanner>
  );
}

function HowSocialTradingWorks() {
  const { t } = useTranslation('social');
  return (
    <section aria-labelledby="social-how-heading" className="space-y-10">
      <SectionHeading
        id="social-how-heading"
        title={t('visitor.how.title')}
        description={t('visitor.how.description')}
      />
      <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
        {STEPS.map(({ key, icon }, index) => (
          <li key={key}>
            <StepCard
              icon={icon}
              step={index + 1}
              title={t(`visitor.how.steps.${key}.title`)}
              text={t(`visitor.how.steps.${key}.text`)}
              compact
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

function WhyJoin() {
  const { t } = useTranslation('social');
  return (
    <section aria-labelledby="social-why-heading" className="space-y-10">
      <SectionHeading id="social-why-heading" title={t('visitor.why.title')} />
      <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        {WHY_JOIN.map((group) => (
          <Card key={group} className="h-full">
            <CardHeader className="pb-3">
              <CardTitle>{t(`visitor.why.${group}.title`)}</CardTitle>
            </CardHeader>
            <CardContent>
              <CheckList
                points={WHY_JOIN_POINTS.map((point) => t(`visitor.why.${group}.${point}`))}
                className="space-y-3"
              />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** Where a member's dashboard would be: what it holds, and 'Get Started' to sign in. */
function DashboardPreview() {
  const { t } = useTranslation('social');
  return (
    <section aria-labelledby="social-preview-heading">
      <Card className="grid grid-cols-1 items-center gap-8 p-6 sm:p-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-4">
          <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Lock className="size-5" aria-hidden="true" />
          </span>
          <h2 id="social-preview-heading" className="text-2xl font-bold tracking-tight">
            {t('visitor.preview.title')}
          </h2>
          <p className="text-muted-foreground">{t('visitor.preview.text')}</p>
          <Button asChild size="lg">
            <a href="/api/login" data-testid="button-get-started">
              {t('visitor.preview.getStarted')}
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </div>
        <div aria-hidden="true" className="pointer-events-none hidden select-none sm:block">
          <StatTiles stats={null} className="lg:grid-cols-3" />
        </div>
      </Card>
    </section>
  );
}
