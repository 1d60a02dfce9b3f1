import { lazy, type ComponentType } from 'react';
import { HomePage } from '@client/pages/home';
import { LandingPage } from '@client/pages/landing';

/*
 * The two home pages ship in the first bundle; every other page is its own chunk, loaded on
 * first visit, which keeps the first render within the JS budget (design §7).
 */
const BrowsePage = lazy(() =>
  import('@client/pages/browse').then((module) => ({ default: module.BrowsePage })),
);
const CategoriesPage = lazy(() =>
  import('@client/pages/categories').then((module) => ({ default: module.CategoriesPage })),
);
const HowItWorksPage = lazy(() =>
  import('@client/pages/how-it-works').then((module) => ({ default: module.HowItWorksPage })),
);
const ProfilePage = lazy(() =>
  import('@client/pages/profile').then((module) => ({ default: module.ProfilePage })),
);
const SocialPage = lazy(() =>
  import('@client/pages/social').then((module) => ({ default: module.SocialPage })),
);
const WishlistPage = lazy(() =>
  import('@client/pages/wishlist').then((module) => ({ default: module.WishlistPage })),
);
const ModerationPage = lazy(() =>
  import('@client/pages/moderation').then((module) => ({ default: module.ModerationPage })),
);

export interface AppRoute {
  path: string;
  component: ComponentType;
}

/** Spec §2 Route sets: what a visitor (or anyone while authentication is loading) can open. */
export const VISITOR_ROUTES: readonly AppRoute[] = [
  { path: '/', component: LandingPage },
  { path: '/browse', component: BrowsePage },
  { path: '/categories', component: CategoriesPage },
  { path: '/how-it-works', component: HowItWorksPage },
  { path: '/social', component: SocialPage },
];

/** Members get their own home page at / and the member-only pages (MEMBER_ONLY_PATHS). */
export const MEMBER_ROUTES: readonly AppRoute[] = [
  { path: '/', component: HomePage },
  { path: '/browse', component: BrowsePage },
  { path: '/categories', component: CategoriesPage },
  { path: '/how-it-works', component: HowItWorksPage },
  { path: '/profile', component: ProfilePage },
  { path: '/wishlist', component: WishlistPage },
  { path: '/social', component: SocialPage },
  /** Reports for moderators; the page itself tells other members they are not authorized. */
  { path: '/moderation', component: ModerationPage },
];
