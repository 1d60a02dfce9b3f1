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

const STEPS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: UserRound,
    title: 'Build Your Profile',
    text: 'Pick your favourite categories, sizes and brands, and list the pieces you are ready to swap.',
  },
  {
    icon: Sparkles,
    title: 'Get Recommendations',
    text: 'We suggest traders with a similar style and items that fit what you are looking for.',
  },
  {
    icon: Handshake,
    title: 'Connect & Trade',
    text: 'Send friend requests, follow what your friends list and trade with people you know.',
  },
  {
    icon: TrendingUp,
    title: 'Build Influence',
    text: 'Every friend, favourite and completed trade grows your influence and trust in the community.',
  },
];

const WHY_JOIN: ReadonlyArray<{ title: string; points: readonly string[] }> = [
  {
    title: 'For Traders',
    points: [
      'Find trading partners who want what you have',
      'Trade with friends you already trust',
      'See when friends list new items or complete trades',
      'Build a trust rating that makes your offers stand out',
    ],
  },
  {
    title: 'For Style Enthusiasts',
    points: [
      'Discover members who share your taste',
      'Get inspired by what similar traders are listing',
      'Grow your style influence with every favourite',
      'Refresh your wardrobe sustainably, without spending',
    ],
  },
];

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
  const external = useExternalSignIn();
  return (
    <PrimaryBanner
      aria-labelledby="social-join-heading"
      className="py-10 text-center sm:px-12 sm:py-14"
      glowClassName="-top-20 -right-20 size-72"
      contentClassName="mx-auto max-w-2xl space-y-4"
    >
      <h2 id="social-join-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        Join the Social Trading Community
      </h2>
      <p className="text-primary-foreground/90 sm:text-lg">
        Create a free account to get friend recommendations, find members with your style and build your
        reputation as a trader.
      </p>
      <div className="flex flex-col justify-center gap-3 pt-2 sm:flex-row">
        {external ? (
          <Button asChild size="lg" variant="secondary">
            <a href="/api/auth/external" data-testid="button-social-signup-external">
              <UserRound aria-hidden="true" />
              Sign Up with {external.providerName}
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
            Sign Up with Email
          </a>
        </Button>
      </div>
    </PrimaryBanner>
  );
}

function HowSocialTradingWorks() {
  return (
    <section aria-labelledby="social-how-heading" className="space-y-10">
      <SectionHeading
        id="social-how-heading"
        title="How Social Trading Works"
        description="Four steps from your first listing to a trusted name in the community."
      />
      <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
        {STEPS.map(({ icon, title, text }, index) => (
          <li key={title}>
            <StepCard icon={icon} step={index + 1} title={title} text={text} compact />
          </li>
        ))}
      </ol>
    </section>
  );
}

function WhyJoin() {
  return (
    <section aria-labelledby="social-why-heading" className="space-y-10">
      <SectionHeading id="social-why-heading" title="Why Join the Social Network?" />
      <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        {WHY_JOIN.map(({ title, points }) => (
          <Card key={title} className="h-full">
            <CardHeader className="pb-3">
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CheckList points={points} className="space-y-3" />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** Where a member's dashboard would be: what it holds, and 'Get Started' to sign in. */
function DashboardPreview() {
  return (
    <section aria-labelledby="social-preview-heading">
      <Card className="grid grid-cols-1 items-center gap-8 p-6 sm:p-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-4">
          <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Lock className="size-5" aria-hidden="true" />
          </span>
          <h2 id="social-preview-heading" className="text-2xl font-bold tracking-tight">
            Your Social Trading Profile
          </h2>
          <p className="text-muted-foreground">
            Sign in to see your friend recommendations, members who share your style, what your friends are
            trading and your own social figures.
          </p>
          <Button asChild size="lg">
            <a href="/api/login" data-testid="button-get-started">
              Get Started
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
