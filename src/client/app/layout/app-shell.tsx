import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint, FOOTER_STAGE } from '@client/components/layout/after-first-paint';
import { useAuth } from '@client/lib/session';
import { VerifyEmailBanner } from '@client/features/auth';
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
      <VerifyEmailBanner />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      {/* Below the first screen on every page: it follows the first paint (after-first-paint.tsx). */}
      <AfterFirstPaint stage={FOOTER_STAGE}>
        <SiteFooter />
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
