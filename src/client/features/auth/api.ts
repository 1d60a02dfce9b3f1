import type { AuthStatus, LoginInput, RegisterInput } from '@common/api/auth';
import type { User } from '@common/api/users';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { apiRequest } from '@client/lib/api-client';
import { MEMBER_ONLY_PATHS } from './member-only-paths';

export const AUTH_STATUS_URL = '/api/auth/status';

const SIGNED_OUT: AuthStatus = { authenticated: false, user: null };

/**
 * Spec §4/§7: a non-success answer (or no answer at all) means signed out, with no retry and
 * no message, so this query never fails. The answer is checked against the API contract; the
 * schema module (and zod) loads in parallel with the request, keeping it out of the first bundle.
 */
async function fetchAuthStatus({ signal }: { signal: AbortSignal }): Promise<AuthStatus> {
  try {
    const [response, { authStatus }] = await Promise.all([
      fetch(AUTH_STATUS_URL, { credentials: 'include', signal }),
      import('@common/api/auth'),
    ]);
    if (!response.ok) return SIGNED_OUT;
    const parsed = authStatus.safeParse(await response.json());
    return parsed.success ? parsed.data : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** True until the first status answer; the visitor route set applies meanwhile. */
  isLoading: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery({ queryKey: [AUTH_STATUS_URL], queryFn: fetchAuthStatus });
  const user = data?.authenticated ? data.user : null;
  return { user, isAuthenticated: user !== null, isLoading };
}

/** After signing in or out the whole app restarts from the server's view of the session (spec §4). */
function reloadPage(): void {
  window.location.reload();
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest('POST', '/api/auth/login', input),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest('POST', '/api/auth/register', input),
  });
}

/** Dev Login signs in the seeded demo member (design §5); the server ignores any userId. */
export function useDemoLoginMutation() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/demo-login-user', {}),
    onSuccess: reloadPage,
    onError: () => {
      toast({ title: 'Login Failed', description: 'Failed to log in as demo user', variant: 'destructive' });
    },
  });
}

/**
 * Sign Out, then reload. A member-only page would turn into the not-found page for the
 * visitor, so from those the browser goes home instead.
 */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      if (MEMBER_ONLY_PATHS.includes(window.location.pathname)) {
        window.location.assign('/');
      } else {
        reloadPage();
      }
    },
    onError: () => {
      toast({ title: 'Sign out failed', description: 'Please try again.', variant: 'destructive' });
    },
  });
}
