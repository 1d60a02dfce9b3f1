import {
  BellPlus,
  Bookmark,
  Compass,
  Heart,
  House,
  Lightbulb,
  LayoutGrid,
  UserRound,
  Users,
  Repeat,
  type LucideIcon,
} from 'lucide-react';

export interface NavLink {
  href: string;
  /** The label's key under `nav.` in the layout catalogue. */
  labelKey: string;
  icon: LucideIcon;
  testId: string;
}

/** docs/product.md (Screens): navigation bar links every visitor sees, in the product doc's order. */
export const PRIMARY_NAV: readonly NavLink[] = [
  { href: '/', labelKey: 'home', icon: House, testId: 'link-home' },
  { href: '/browse', labelKey: 'browse', icon: Compass, testId: 'link-browse' },
  { href: '/social', labelKey: 'social', icon: Users, testId: 'link-social' },
  { href: '/categories', labelKey: 'categories', icon: LayoutGrid, testId: 'link-categories' },
  { href: '/how-it-works', labelKey: 'howItWorks', icon: Lightbulb, testId: 'link-how-it-works' },
];

/** The links only members get (their routes exist only in the member route set). */
export const MEMBER_NAV: readonly NavLink[] = [
  { href: '/rings', labelKey: 'rings', icon: Repeat, testId: 'link-rings' },
  { href: '/wishlist', labelKey: 'wishlist', icon: Bookmark, testId: 'link-wishlist' },
  { href: '/saved-searches', labelKey: 'savedSearches', icon: BellPlus, testId: 'link-saved-searches' },
  { href: '/profile?tab=favorites', labelKey: 'favorites', icon: Heart, testId: 'link-favorites' },
  { href: '/profile', labelKey: 'profile', icon: UserRound, testId: 'link-profile' },
];

/**
 * Is the page someone else's profile (/profile?user={id} with another member's id)? There no
 * Profile link is marked current: the page is theirs, not the member's own.
 */
export function isSomeoneElsesProfile(location: string, search: string, ownId: string | undefined): boolean {
  if (location !== '/profile') return false;
  const viewed = new URLSearchParams(search).get('user');
  return Boolean(viewed) && viewed !== ownId;
}
