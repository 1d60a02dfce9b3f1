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
  label: string;
  icon: LucideIcon;
  testId: string;
}

/** docs/product.md (Screens): navigation bar links every visitor sees, in the product doc's order. */
export const PRIMARY_NAV: readonly NavLink[] = [
  { href: '/', label: 'Home', icon: House, testId: 'link-home' },
  { href: '/browse', label: 'Browse', icon: Compass, testId: 'link-browse' },
  { href: '/social', label: 'Social', icon: Users, testId: 'link-social' },
  { href: '/categories', label: 'Categories', icon: LayoutGrid, testId: 'link-categories' },
  { href: '/how-it-works', label: 'How It Works', icon: Lightbulb, testId: 'link-how-it-works' },
];

/** The links only members get (their routes exist only in the member route set). */
export const MEMBER_NAV: readonly NavLink[] = [
  { href: '/rings', label: 'Swap Rings', icon: Repeat, testId: 'link-rings' },
  { href: '/wishlist', label: 'Wishlist', icon: Bookmark, testId: 'link-wishlist' },
  { href: '/saved-searches', label: 'Saved searches', icon: BellPlus, testId: 'link-saved-searches' },
  { href: '/profile?tab=favorites', label: 'Favourites', icon: Heart, testId: 'link-favorites' },
  { href: '/profile', label: 'Profile', icon: UserRound, testId: 'link-profile' },
];
