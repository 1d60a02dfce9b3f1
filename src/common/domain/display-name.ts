/** The name fields every user-shaped object carries. */
export interface NamedUser {
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
}

function emailLocalPart(email: string | null | undefined): string {
  return email?.split('@')[0]?.trim() ?? '';
}

/** "First Last"; falls back to the email's local part when the member has no name. */
export function displayName(user: NamedUser): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return fullName || emailLocalPart(user.email) || 'Member';
}

/** Up to two upper-case initials for an avatar fallback. */
export function initials(user: NamedUser): string {
  const first = user.firstName?.trim().charAt(0) ?? '';
  const last = user.lastName?.trim().charAt(0) ?? '';
  const letters = first + last || emailLocalPart(user.email).charAt(0);
  return letters ? letters.toUpperCase() : '?';
}

/**
 * "K.": the last name as every answer about a member shows it to anyone but the member and their
 * trade partners (listings, profiles, reviews, messages, social lists); null without one. The first
 * character, not the first UTF-16 unit, so that a name starting with an emoji stays whole.
 */
export function lastInitial(lastName: string | null | undefined): string | null {
  const [initial] = Array.from(lastName?.trim() ?? '');
  return initial ? `${initial.toUpperCase()}.` : null;
}

/** "Nina K.": first name and last initial, as public profiles show a member. */
export function publicName(user: Pick<NamedUser, 'firstName' | 'lastName'>): string {
  const first = user.firstName?.trim() ?? '';
  const name = [first, lastInitial(user.lastName)].filter(Boolean).join(' ');
  return name || 'Member';
}
