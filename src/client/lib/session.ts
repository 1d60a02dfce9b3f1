import type { AuthStatus } from '@common/api/auth';
import type { User } from '@common/api/users';
import { notifyManager, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { discardFirstScreen, takeFirstScreenAuthStatus } from './first-screen';

const AUTH_STATUS_URL = '/api/auth/status';

const SIGNED_OUT: AuthStatus = { authenticated: false, user: null, externalSignIn: null, demo: false };

/**
 * A signed-out answer, read without the schema module: `{ authenticated: false, user: null,
 * externalSignIn, demo }`, where externalSignIn is null or names the provider. Null for anything else.
 */
function signedOutAnswer(body: unknown): AuthStatus | null {
  if (typeof body !== 'object' || body === null || Object.keys(body).length !== 4) return null;
  if (!('authenticated' in body) || body.authenticated !== false) return null;
  if (!('user' in body) || body.user !== null || !('externalSignIn' in body)) return null;
  if (!('demo' in body) || typeof body.demo !== 'boolean') return null;
  const signedOut = { ...SIGNED_OUT, demo: body.demo };
  const external = body.externalSignIn;
  if (external === null) return signedOut;
  if (
    typeof external === 'object' &&
    'providerName' in external &&
    typeof external.providerName === 'string'
  ) {
    return { ...signedOut, externalSignIn: { providerName: external.providerName } };
  }
  return null;
}

/**
 * As docs/product.md (Screens) has it: a non-success answer (or no answer at all) means signed out, with no retry and
 * no message, so this query never fails. A member's answer is checked against the API contract;
 * the schema module (and zod) loads only then, so that a visitor's first load (on a phone, too)
 * carries neither.
 */
async function fetchAuthStatus({ signal }: { signal: AbortSignal }): Promise<AuthStatus> {
  try {
    const response = await fetch(AUTH_STATUS_URL, { credentials: 'include', signal });
    if (!response.ok) return SIGNED_OUT;
    const body: unknown = await response.json();
    const signedOut = signedOutAnswer(body);
    if (signedOut) return signedOut;
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
 * Asks for the session as the app starts (or takes it from the page, for a visitor), before its first render: most often the answer is in
 * by then, and the page renders once for the right member or visitor instead of rendering again
 * (everything that depends on the session, every item card included) when it arrives.
 */
export function prefetchAuthStatus(queryClient: QueryClient): void {
  // A visitor's page carries the signed-out answer (src/server/modules/items/first-screen.ts).
  const carried = signedOutAnswer(takeFirstScreenAuthStatus());
  if (carried) queryClient.setQueryData(authStatusQuery.queryKey, carried);
  else void queryClient.prefetchQuery(authStatusQuery);
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(authStatusQuery);
  const user = data?.authenticated ? data.user : null;
  return { user, isAuthenticated: user !== null, isLoading };
}

/**
 * The external provider members may sign in with (OIDC_ISSUER on the server), or null when there is
 * none: then no external sign-in button or note is shown anywhere.
 */
export function useExternalSignIn(): AuthStatus['externalSignIn'] {
  const { data } = useQuery(authStatusQuery);
  return data?.externalSignIn ?? null;
}

/**
 * The server runs as a demo (DEMO): Dev Login and the notes meant for developers show only then;
 * members of a real deployment read product copy instead.
 */
export function useDemoMode(): boolean {
  const { data } = useQuery(authStatusQuery);
  return data?.demo ?? false;
}

/** Asks the server for the session again (after the member's name or preferences change). */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [AUTH_STATUS_URL] });
}

/**
 * After signing in, signing up or Dev Login: the app becomes the member's without a reload, as a
 * page loaded for them would start (docs/product.md, Screens). The session is asked for again (the
 * login answer lacks what only GET /api/auth/status says); every other cached answer, read as a
 * visitor, is reset in the same step: the ones on screen refetch with the new session cookie, the
 * others are read afresh when next shown. The member's session then switches the route set on the
 * same address, opens the real-time connection (ChatProvider) and applies their language
 * (LocaleFromAccount). What the page carried for its visitor is never used again.
 */
export async function enterSession(queryClient: QueryClient): Promise<void> {
  discardFirstScreen();
  const status = await fetchAuthStatus({ signal: new AbortController().signal });
  // A visitor's answer still on its way must not land after the member's.
  await queryClient.cancelQueries({ queryKey: authStatusQuery.queryKey });
  notifyManager.batch(() => {
    queryClient.setQueryData(authStatusQuery.queryKey, status);
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== AUTH_STATUS_URL });
  });
}

/**
 * After the account is gone the app is a visitor's: every cached private answer is dropped and
 * the session reads as signed out, which switches the route set and closes the real-time
 * connection without a reload (so a toast can still be shown).
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_STATUS_URL });
  queryClient.setQueryData<AuthStatus>([AUTH_STATUS_URL], (previous) => ({
    ...SIGNED_OUT,
    externalSignIn: previous?.externalSignIn ?? null,
    demo: previous?.demo ?? false,
  }));
}
