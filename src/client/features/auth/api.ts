import type {
  EmailChangeInput,
  LoginInput,
  PasswordResetConfirmInput,
  PasswordResetInput,
  RegisterInput,
} from '@common/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';
import { enterSession } from '@client/lib/session';
import { MEMBER_ONLY_PATHS } from './member-only-paths';

/**
 * Sign in. On success the app turns into the member's without a reload (enterSession) before the
 * caller's onSuccess runs, so the form stays pending until the member's view is in.
 */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest('POST', '/api/auth/login', input),
    onSuccess: () => enterSession(queryClient),
    // No errorTitle: the form shows a refusal under the password field (LoginForm).
  });
}

/**
 * Sign up; the form shows a refusal under the field it is about (the server names it in `issues`).
 * The new member is signed in as with useLoginMutation, without a reload.
 */
export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest('POST', '/api/auth/register', input),
    onSuccess: () => enterSession(queryClient),
  });
}

/**
 * Dev Login signs in the seeded demo member (docs/product.md, Screens); the server ignores any userId.
 * The app turns into the member's without a reload (enterSession); the button spins until it has.
 */
export function useDemoLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/demo-login-user', {}),
    onSuccess: () => enterSession(queryClient),
    meta: {
      errorTitle: i18n.t('auth:login.demoFailedTitle'),
      errorDescription: i18n.t('auth:login.demoFailedDescription'),
      fixedDescription: true,
    },
  });
}

/**
 * Sign Out, then reload: the page starts again as a visitor's, so nothing of the member (cached
 * answers, open dialogs, unsent text, the real-time connection) can outlive the session on a
 * shared device. A member-only page would turn into the not-found page for the visitor, so from
 * those the browser goes home instead.
 */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      if (MEMBER_ONLY_PATHS.includes(window.location.pathname)) {
        window.location.assign('/');
      } else {
        window.location.reload();
      }
    },
    meta: { errorTitle: i18n.t('auth:signOutFailed'), fixedDescription: true },
  });
}

/** Asks for a password reset link; the server answers the same whatever the email. */
export function usePasswordResetRequestMutation() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) => apiRequest('POST', '/api/auth/password-reset', input),
  });
}

/** Sets a new password with the emailed link's token; every session ends, so the member signs in again. */
export function usePasswordResetConfirmMutation() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      apiRequest('POST', '/api/auth/password-reset/confirm', input),
  });
}

/** Opens an emailed link: email verification or an email change, by its token. */
export function useEmailTokenMutation(url: '/api/auth/verify-email' | '/api/auth/email-change/confirm') {
  return useMutation({ mutationFn: (token: string) => apiRequest('POST', url, { token }) });
}

/** A new verification link for the signed-in member. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/verify-email/resend'),
    meta: { errorTitle: i18n.t('auth:verifyBanner.resendFailed') },
  });
}

/** Starts an email change: a link to the new address, a notice to the current one. */
export function useEmailChangeMutation() {
  return useMutation({
    mutationFn: (input: EmailChangeInput) => apiRequest('POST', '/api/auth/email-change', input),
  });
}
