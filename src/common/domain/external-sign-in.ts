// No zod here: the app shell reads these messages, and zod loads only with the dialog.
/**
 * Why an external sign-in failed: the callback sends the browser to `/?auth=login&error={code}` and
 * the sign-in dialog shows the message.
 */
export const EXTERNAL_SIGN_IN_ERRORS = {
  'external-denied': 'Sign-in was cancelled at your external account. You can try again or use your email.',
  'external-failed':
    'Sign-in with your external account did not complete (the link may have expired). Please try again.',
  'external-unavailable':
    'Your external account provider cannot be reached right now. Please try again later or use your email.',
  'external-no-email':
    'Your external account did not share an email address, which Threadswap needs. Please sign up with your email instead.',
  'external-too-many':
    'Too many sign-in attempts from your connection. Please wait a few minutes and try again.',
  'external-email-taken':
    'An account with this email already exists. Sign in with your password; your external account cannot be linked because its provider has not verified the email.',
  'external-invitation-required':
    'This community is invite-only: open the invitation link a member sent you to create your account.',
  'external-domain-not-allowed':
    "This community accepts only email addresses at its allowed domains; your external account's address is not at one of them.",
} as const;
export type ExternalSignInError = keyof typeof EXTERNAL_SIGN_IN_ERRORS;
