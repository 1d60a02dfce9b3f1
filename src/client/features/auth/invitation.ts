/*
 * The invitation a visitor arrived with (an invitation link: /?auth=register&invitation=…), kept
 * for this tab until they sign up with it (sessionStorage), since the address loses it once the
 * sign-up dialog opens.
 */
const KEY = 'threadswap.invitation';

export function keepInvitation(token: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, token);
  } catch {
    // storage blocked: the visitor opens the link again to sign up
  }
}

export function keptInvitation(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
