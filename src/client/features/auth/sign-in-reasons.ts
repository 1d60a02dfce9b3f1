import type { AuthReason } from './components/auth-dialog-context';

/**
 * What a visitor gets by signing in, told in the sign-in dialog opened by a member's action
 * (docs/product.md, Visitors). The notes for developers show only in a demo.
 */
export const SIGN_IN_REASONS = {
  barter: {
    text: 'Sign in to offer one of your items for this one. Swaps are free, item for item.',
    demoNote: 'Please use the Dev Login button to test the barter feature.',
  },
  favorite: { text: 'Sign in to save favourites and hear when they are reserved or available again.' },
  bookmark: { text: 'Sign in to keep a wishlist and hear as soon as a matching item is listed.' },
  smartMatch: { text: 'Sign in to see which of your items would make a fair swap for this one.' },
  message: { text: 'Sign in to message members about their items and agree on your swaps.' },
  follow: { text: 'Sign in to connect with members and see what they list.' },
  sell: { text: 'Sign in to list an item: add photos, size and condition, and members offer you swaps.' },
  report: { text: 'Sign in to report or block a member; our moderators read every report.' },
} as const satisfies Record<string, AuthReason>;

export type SignInReason = keyof typeof SIGN_IN_REASONS;
