import type { AuthReason } from './components/auth-dialog-context';

/**
 * What a visitor gets by signing in, told in the sign-in dialog opened by a member's action
 * (docs/product.md, Visitors): keys of the `auth` catalogue (`reasons.*`). The notes for
 * developers show only in a demo.
 */
export const SIGN_IN_REASONS = {
  barter: { textKey: 'reasons.barter', demoNoteKey: 'reasons.barterDemoNote' },
  favorite: { textKey: 'reasons.favorite' },
  bookmark: { textKey: 'reasons.bookmark' },
  smartMatch: { textKey: 'reasons.smartMatch' },
  message: { textKey: 'reasons.message' },
  follow: { textKey: 'reasons.follow' },
  sell: { textKey: 'reasons.sell' },
  report: { textKey: 'reasons.report' },
  /** The session ended on this device (signed out elsewhere, a password change): sign in again here. */
  signedOut: { textKey: 'reasons.signedOut' },
} as const satisfies Record<string, AuthReason>;

export type SignInReason = keyof typeof SIGN_IN_REASONS;
