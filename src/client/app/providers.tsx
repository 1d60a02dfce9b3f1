import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { AuthDialogProvider } from '@client/features/auth';
import { ChatProvider } from '@client/features/chat';
import { BarterActionsProvider } from '@client/features/trades';
import { MatchingActionsProvider } from '@client/features/matching';
import { WishlistActionsProvider } from '@client/features/wishlist';
import { LocaleFromAccount } from '@client/i18n/language-select';
import { useToasts } from '@client/components/ui/use-toast';
import { queryClient } from '@client/lib/query-client';
import { LiveRefresh } from './use-live-refresh';

const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * The toasts' widget (Radix Toast, its chunk and its region in the page) loads with the first
 * toast, not with every page: a toast raised meanwhile waits in its store (use-toast.ts) and
 * shows once the widget is there. Once loaded, it stays.
 */
function ToasterOnFirstToast() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

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
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
