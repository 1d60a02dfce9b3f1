import type { AuthStatus, LoginInput, RegisterInput } from '@common/api/auth';
import type { User } from '@common/api/users';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client';
import { MEMBER_ONLY_PATHS } from './member-only-paths';

export const AUTH_STATUS_URL = '/api/auth/status';

const SIGNED_OUT: AuthStatus = { authenticated: false, user: null };

/** The whole of a signed-out answer: `{ authenticated: false, user: null }`. */
function isSignedOutAnswer(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).length === 2 &&
    'authenticated' in body &&
    body.authenticated === false &&
    'user' in body &&
    body.user === null
  );
}

/**
 * Spec §4/§7: a non-success answer (or no answer at all) means signed out, with no retry and
 * no message, so this query never fails. A member's answer is checked against the API contract;
 * the schema module (and zod) loads only then, so that a visitor's first load (on a phone, too)
 * carries neither.
 */
async function fetchAuthStatus({ signal }: { signal: AbortSignal }): Promise<AuthStatus> {
  try {
    const response = await fetch(AUTH_STATUS_URL, { credentials: 'include', signal });
    if (!response.ok) return SIGNED_OUT;
    const body: unknown = await response.json();
    if (isSignedOutAnswer(body)) return SIGNED_OUT;
    const { authStatus } = await import('@common/api/auth');
    const parsed = authStatus.safeParse(body);
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

const authStatusQuery = queryOptions({ queryKey: [AUTH_STATUS_URL], queryFn: fetchAuthStatus });

/**
 * Asks for the session as the app starts, before its first render: most often the answer is in
 * by then, and the page renders once for the right member or visitor instead of rendering again
 * (everything that depends on the session, every item card included) when it arrives.
 */
export function prefetchAuthStatus(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(authStatusQuery);
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(authStatusQuery);
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
    meta: { errorTitle: 'Login failed', errorDescription: 'Invalid email or password' },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest('POST', '/api/auth/register', input),
    meta: { errorTitle: 'Registration failed', errorDescription: 'Failed to create account' },
  });
}

/** Dev Login signs in the seeded demo member (design §5); the server ignores any userId. */
export function useDemoLoginMutation() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/demo-login-user', {}),
    onSuccess: reloadPage,
    meta: { errorTitle: 'Login Failed', errorDescription: 'Failed to log in as demo user', fixedDescription: true },
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
    meta: { errorTitle: 'Sign out failed', fixedDescription: true },
  });
}
