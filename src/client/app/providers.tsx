import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@client/components/ui/toaster';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { AuthDialogProvider } from '@client/features/auth/components/auth-dialog-provider';
import { queryClient } from '@client/lib/query-client';

/** App-wide context: the query cache, tooltip timing (700/300 ms), the auth dialog and the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthDialogProvider>{children}</AuthDialogProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
