import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint, FOOTER_STAGE } from '@client/components/layout/after-first-paint';
import { useLocation } from 'wouter';
import { useAuth } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import { VerifyEmailBanner } from '@client/features/auth';
import { AnnouncementBanner } from '@client/features/community';
import { OfflineBanner } from './offline-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TabBar } from './tab-bar';

/** The welcome flow after registering: its own chunk, loaded only for a member who has it pending. */
const OnboardingDialog = lazy(() =>
  import('@client/features/users').then((module) => ({ default: module.OnboardingDialog })),
);

/**
 * The page frame: navigation bar, the routed page in <main>, footer, and on phones the bottom tab
 * bar, with room below the footer so that the bar (3.5rem tall, plus its border) covers nothing.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { t } = useTranslation('layout');
  const [location] = useLocation();
  // The members' home page has the floating messages button at the bottom left (from sm up): the
  // page and footer keep a gutter for it, so that it never covers a heading or a line of text.
  const gutter = user && location === '/' ? 'floating-messages-gutter' : undefined;
  return (
    <div className="flex min-h-dvh flex-col pb-[calc(3.75rem+env(safe-area-inset-bottom))] sm:pb-0">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <OfflineBanner />
      <AnnouncementBanner />
      <VerifyEmailBanner />
      <main id="main-content" tabIndex={-1} className={cn('flex flex-1 flex-col focus:outline-none', gutter)}>
        {children}
      </main>
      {/* Below the first screen on every page: it follows the first paint (after-first-paint.tsx). */}
      <AfterFirstPaint stage={FOOTER_STAGE}>
        <div className={gutter}>
          <SiteFooter />
        </div>
      </AfterFirstPaint>
      <TabBar user={user} />
      {user?.onboardingPending ? (
        <Suspense fallback={null}>
          <OnboardingDialog user={user} />
        </Suspense>
      ) : null}
    </div>
  );
}
