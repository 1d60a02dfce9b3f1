import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@client/components/ui/toaster';
import { AuthDialogProvider } from '@client/features/auth';
import { ChatProvider } from '@client/features/chat';
import { BarterActionsProvider } from '@client/features/trades';
import { MatchingActionsProvider } from '@client/features/matching';
import { WishlistActionsProvider } from '@client/features/wishlist';
import { LocaleFromAccount } from '@client/i18n/language-select';
import { queryClient } from '@client/lib/query-client';
import { LiveRefresh } from './use-live-refresh';

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
      <Toaster />
    </QueryClientProvider>
  );
}
