import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { prefetchBrowse, seedBrowse, seedLandingShowcase } from '@client/features/items';
import { queryClient } from '@client/lib/query-client';
import { BrowsePage } from '@client/pages/browse';
import { LandingPage } from '@client/pages/landing';

interface LazyPage extends LazyExoticComponent<ComponentType> {
  /** Starts loading the page's code (once); resolves when it is there. */
  preload(): Promise<unknown>;
}

/**
 * A page in a chunk of its own, loaded on first visit. Once its code is there it renders at
 * once: React gets a thenable that is already resolved, so it neither shows the loading fallback
 * nor holds the page back for its 300 ms fallback throttle.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = { default: pick(module) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const page = lazy(() => (loaded ? resolved(loaded) : preload()));
  return Object.assign(page, { preload });
}

function resolved<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/*
 * The visitors' home page and Browse (whose filter panel and detail view load on demand) ship in the first bundle; every other page, the members' home page included, is its own
 * chunk, loaded on first visit, which keeps the first render small.
 */
const HomePage = lazyPage(
  () => import('@client/pages/home'),
  (module) => module.HomePage,
);
const CategoriesPage = lazyPage(
  () => import('@client/pages/categories'),
  (module) => module.CategoriesPage,
);
const HowItWorksPage = lazyPage(
  () => import('@client/pages/how-it-works'),
  (module) => module.HowItWorksPage,
);
const ProfilePage = lazyPage(
  () => import('@client/pages/profile'),
  (module) => module.ProfilePage,
);
const SocialPage = lazyPage(
  () => import('@client/pages/social'),
  (module) => module.SocialPage,
);
const WishlistPage = lazyPage(
  () => import('@client/pages/wishlist'),
  (module) => module.WishlistPage,
);
const AboutPage = lazyPage(
  () => import('@client/pages/info/about'),
  (module) => module.AboutPage,
);
const HelpPage = lazyPage(
  () => import('@client/pages/info/help'),
  (module) => module.HelpPage,
);
const TermsPage = lazyPage(
  () => import('@client/pages/info/terms'),
  (module) => module.TermsPage,
);
const PrivacyPage = lazyPage(
  () => import('@client/pages/info/privacy'),
  (module) => module.PrivacyPage,
);
const AccessibilityPage = lazyPage(
  () => import('@client/pages/info/accessibility'),
  (module) => module.AccessibilityPage,
);
const SavedSearchesPage = lazyPage(
  () => import('@client/pages/saved-searches'),
  (module) => module.SavedSearchesPage,
);
const RingsPage = lazyPage(
  () => import('@client/pages/rings'),
  (module) => module.RingsPage,
);
const TradePage = lazyPage(
  () => import('@client/pages/trade'),
  (module) => module.TradePage,
);
const RingPage = lazyPage(
  () => import('@client/pages/ring'),
  (module) => module.RingPage,
);
const MessagesPage = lazyPage(
  () => import('@client/pages/messages'),
  (module) => module.MessagesPage,
);
const VisitorProfilePage = lazyPage(
  () => import('@client/pages/visitor-profile'),
  (module) => module.VisitorProfilePage,
);
const SignInPromptPage = lazyPage(
  () => import('@client/pages/sign-in-prompt'),
  (module) => module.SignInPromptPage,
);
const ModerationPage = lazyPage(
  () => import('@client/pages/moderation'),
  (module) => module.ModerationPage,
);
const AdminPage = lazyPage(
  () => import('@client/pages/admin'),
  (module) => module.AdminPage,
);

const ForgotPasswordPage = lazyPage(
  () => import('@client/pages/email-links'),
  (module) => module.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('@client/pages/email-links'),
  (module) => module.ResetPasswordPage,
);
const VerifyEmailPage = lazyPage(
  () => import('@client/pages/email-links'),
  (module) => module.VerifyEmailPage,
);
const ConfirmEmailPage = lazyPage(
  () => import('@client/pages/email-links'),
  (module) => module.ConfirmEmailPage,
);

/** The pages that emailed links open, for visitors and members alike. */
const EMAIL_LINK_ROUTES: readonly AppRoute[] = [
  { path: '/forgot-password', component: ForgotPasswordPage },
  { path: '/reset-password', component: ResetPasswordPage },
  { path: '/verify-email', component: VerifyEmailPage },
  { path: '/confirm-email', component: ConfirmEmailPage },
];

/** The visitors' pages in chunks of their own, by path. */
const LAZY_VISITOR_PAGES: Readonly<Record<string, LazyPage>> = {
  '/categories': CategoriesPage,
  '/how-it-works': HowItWorksPage,
  '/social': SocialPage,
  '/about': AboutPage,
  '/help': HelpPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/accessibility': AccessibilityPage,
  '/profile': VisitorProfilePage,
  '/wishlist': SignInPromptPage,
  '/messages': SignInPromptPage,
  '/rings': SignInPromptPage,
  '/saved-searches': SignInPromptPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
  '/confirm-email': ConfirmEmailPage,
};

/** The footer's pages of plain information, open to everyone. */
const INFO_ROUTES: readonly AppRoute[] = [
  { path: '/about', component: AboutPage },
  { path: '/help', component: HelpPage },
  { path: '/terms', component: TermsPage },
  { path: '/privacy', component: PrivacyPage },
  { path: '/accessibility', component: AccessibilityPage },
];

/**
 * Prepares the page the app opens at, before the first render. Browse's data, and the landing
 * page's showcase, are taken from the page when the server wrote them in, or else Browse's are
 * requested at once (the first item photo is the largest paint of the page). A visitors' page in a chunk of its own
 * is loaded, and the promise for it returned (null for the others): the first render waits for
 * it, so that the page renders with the frame rather than after a loading spinner.
 */
/**
 * Fills the query cache with what a server-rendered page (src/client/ssr.tsx) carries for its
 * first screen, and nothing else: the client's first render, which hydrates the server's markup,
 * must see exactly what the server's saw. Browse's counts come with the page too; a page without
 * them asks for them once it has hydrated (the page's own query).
 */
export function seedFirstScreen(path: string, search: string): void {
  if (path === '/browse') seedBrowse(queryClient, search);
  if (path === '/') seedLandingShowcase(queryClient);
}

export function preloadPage(path: string): Promise<unknown> | null {
  if (path === '/browse') prefetchBrowse(queryClient, window.location.search);
  if (path === '/') seedLandingShowcase(queryClient);
  return LAZY_VISITOR_PAGES[path]?.preload() ?? null;
}

export interface AppRoute {
  path: string;
  component: ComponentType;
}

/** As docs/product.md (Screens) has it: what a visitor (or anyone while authentication is loading) can open. */
export const VISITOR_ROUTES: readonly AppRoute[] = [
  { path: '/', component: LandingPage },
  { path: '/browse', component: BrowsePage },
  { path: '/categories', component: CategoriesPage },
  { path: '/how-it-works', component: HowItWorksPage },
  { path: '/social', component: SocialPage },
  ...INFO_ROUTES,
  /** Members' public profiles (?user={id}) are open to visitors; their own profile asks them to sign in. */
  { path: '/profile', component: VisitorProfilePage },
  /** Members' pages: a visitor is told what they hold and asked to sign in, not shown a 404. */
  { path: '/wishlist', component: SignInPromptPage },
  { path: '/messages', component: SignInPromptPage },
  { path: '/messages/:id', component: SignInPromptPage },
  { path: '/saved-searches', component: SignInPromptPage },
  { path: '/trades/:id', component: SignInPromptPage },
  { path: '/rings/:id', component: SignInPromptPage },
  ...EMAIL_LINK_ROUTES,
];

/** Members get their own home page at / and the member-only pages (MEMBER_ONLY_PATHS). */
export const MEMBER_ROUTES: readonly AppRoute[] = [
  { path: '/', component: HomePage },
  { path: '/browse', component: BrowsePage },
  { path: '/categories', component: CategoriesPage },
  { path: '/how-it-works', component: HowItWorksPage },
  { path: '/profile', component: ProfilePage },
  { path: '/wishlist', component: WishlistPage },
  { path: '/saved-searches', component: SavedSearchesPage },
  { path: '/rings', component: RingsPage },
  /**
   * The inbox, and one conversation (/messages/{id}): the inbox with its chat open over it
   * (ChatProvider opens it from the address). One route, so the inbox stays as it was under the chat.
   */
  { path: '/messages/:id?', component: MessagesPage },
  /** One trade or ring, for its parties (anyone else gets the not-found page). */
  { path: '/trades/:id', component: TradePage },
  { path: '/rings/:id', component: RingPage },
  { path: '/social', component: SocialPage },
  /** Reports for moderators; the page itself tells other members they are not authorized. */
  { path: '/moderation', component: ModerationPage },
  ...INFO_ROUTES,
  ...EMAIL_LINK_ROUTES,
];

/** Admins also get the console (/admin and its sub-paths); for everyone else those are not found. */
export const ADMIN_ROUTES: readonly AppRoute[] = [
  ...MEMBER_ROUTES,
  { path: '/admin', component: AdminPage },
  { path: '/admin/*', component: AdminPage },
];
