import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthDialogProvider } from '@client/features/auth';
import { ChatProvider } from '@client/features/chat';
import { BarterActionsProvider } from '@client/features/trades';
import { MatchingActionsProvider } from '@client/features/matching';
import { WishlistActionsProvider } from '@client/features/wishlist';
import { LocaleFromAccount } from '@client/i18n/language-select';
import { queryClient } from '@client/lib/query-client';
import { LiveRefresh } from './use-live-refresh';

// The toasts' widget (Radix Toast) loads just after the first render, not before it: toasts raised
// meanwhile wait in their store (use-toast.ts) and show once it is there.
const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * App-wide context: the query cache, the auth dialog, the toasts, and
 * the item actions of the wishlist (bookmark), matching (Smart Match) and trades (Barter) features,
 * and chat (the member's real-time connection, the floating messages button, the chat dialog and
 * the items' 'Message'), and the live refresh of every cached list from the real-time events.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>
        <WishlistActionsProvider>
          <MatchingActionsProvider>
            <BarterActionsProvider>
              <ChatProvider>
                <LiveRefresh />
                <LocaleFromAccount />
                {children}
              </ChatProvider>
            </BarterActionsProvider>
          </MatchingActionsProvider>
        </WishlistActionsProvider>
      </AuthDialogProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
