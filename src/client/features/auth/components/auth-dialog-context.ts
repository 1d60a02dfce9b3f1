import { createContext, useContext } from 'react';

export type AuthTab = 'login' | 'register';

/**
 * Why a visitor is asked to sign in, shown at the top of the dialog: what they get (opened from
 * Barter, the heart, Message and the like). `demoNoteKey` is a line for developers, shown only in a
 * demo (DEMO on). Both are keys of the `auth` catalogue (see SIGN_IN_REASONS), translated when
 * the dialog shows them.
 */
export interface AuthReason {
  textKey: `reasons.${string}`;
  demoNoteKey?: `reasons.${string}`;
}

export interface AuthDialogControls {
  openAuthDialog: (tab: AuthTab, reason?: AuthReason) => void;
  /**
   * Starts loading the dialog's code. Buttons that open it call this when the pointer or focus
   * reaches them, so the dialog opens at once without every visitor's first load paying for it.
   */
  preloadAuthDialog: () => void;
}

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Opens the sign-in / sign-up dialog from anywhere below AuthDialogProvider. */
export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return controls;
}
