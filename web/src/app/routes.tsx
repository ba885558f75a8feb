/**
 * The route registry: every screen of the app by name. Links are made from names
 * (`<AppLink to="signup">`) and render only when that name is registered here, so no
 * link ever points to a screen that does not exist yet. A later issue adds its
 * screens below and the links to them appear by themselves.
 */
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { importWithReload } from '../shared/chunkReload';
import type { LegalDocument } from '../features/legal/legalDocuments';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

export interface AppRoute {
  path: string;
  layout: LayoutName;
  /** The screen, loaded as its own chunk. */
  page: () => Promise<ComponentType>;
  /** Data the screen needs before it shows (catalog namespaces, company info, ...). */
  loader?: LoaderFunction;
  /** Only for logged-in members: visitors are sent to /login?redirect=<path>. */
  auth?: boolean;
  /** Only for visitors (login, signup): members are sent to the members area. */
  guestOnly?: boolean;
}

const legalPage = (path: string, document: LegalDocument): AppRoute => ({
  path,
  layout: 'default',
  page: () =>
    import('../features/legal/LegalPage').then(({ LegalPage }) => {
      const Page = () => <LegalPage document={document} />;
      Page.displayName = `LegalPage(${document})`;
      return Page;
    }),
  loader: () => import('../features/legal/legalLoader').then((m) => m.legalLoader()),
});

/** An account screen: its texts live in the `account` catalog namespace. */
const accountPage = (
  path: string,
  page: () => Promise<ComponentType>,
  flags: Pick<AppRoute, 'auth' | 'guestOnly'> = {},
): AppRoute => ({
  path,
  layout: 'default',
  page,
  loader: () => import('../features/account/accountLoader').then((m) => m.accountLoader()),
  ...flags,
});

/** A member search or profile screen: texts in `discovery` (and `profile` for attributes). */
const discoveryPage = (
  path: string,
  page: () => Promise<ComponentType>,
  flags: Pick<AppRoute, 'auth'> = {},
  search = false,
): AppRoute => ({
  path,
  layout: 'default',
  page,
  loader: () =>
    import('../features/discovery/discoveryLoader').then((m) => m.discoveryLoader(search ? m.SEARCH_NAMESPACES : m.PROFILE_NAMESPACES)),
  ...flags,
});
const memberProfilePage = () => import('../features/discovery/MemberProfilePage').then((m) => m.MemberProfilePage);

/** The likes lists (liked me, my likes, matches): texts in `likes` (+ `discovery`). */
const likesPage = (path: string): AppRoute => ({
  path,
  layout: 'default',
  page: () => import('../features/likes/LikesPage').then((m) => m.LikesPage),
  loader: () => import('../features/likes/likesLoader').then((m) => m.likesLoader()),
  auth: true,
});

/** A conversation (bare chat layout): texts in `chat`. */
const chatPage = (path: string, layout: LayoutName): AppRoute => ({
  path,
  layout,
  page: () => import('../features/chat/ConversationPage').then((m) => m.ConversationPage),
  loader: () => import('../features/chat/chatLoader').then((m) => m.chatLoader()),
  auth: true,
});

/** Buying credits and premium: texts in `shop`. /premium and /pricing are public. */
const shopPage = (path: string, page: () => Promise<ComponentType>, auth = true): AppRoute => ({
  path,
  layout: 'default',
  page,
  loader: () => import('../features/shop/shopLoader').then((m) => m.shopLoader()),
  auth,
});

/** Notification settings and the mail links (unsubscribe, login link): texts in `notifications`. */
const notificationsPage = (path: string, page: () => Promise<ComponentType>, auth = false): AppRoute => ({
  path,
  layout: 'default',
  page,
  loader: () => import('../features/notifications/notificationsLoader').then((m) => m.notificationsLoader()),
  auth,
});

/** A landing page (lander layout): texts in `landers`, real members of the site. */
const landerPage = (path: string, name: string): AppRoute => ({
  path,
  layout: 'lander',
  page: () => import('../features/landers/landerPages').then((m) => m.LANDER_PAGES[name]!),
  loader: () => import('../features/landers/landersLoader').then((m) => m.landersLoader()),
});

/** A matching game (swipe game, match-finder, signup matches): texts in `games`. */
const gamePage = (path: string, page: () => Promise<ComponentType>): AppRoute => ({
  path,
  layout: 'default',
  page,
  loader: () => import('../features/games/gamesLoader').then((m) => m.gamesLoader()),
  auth: true,
});

export const ROUTES = {
  index: {
    path: '/',
    layout: 'default',
    // Visitors get the landing page, members the members area.
    page: () => import('../features/home/HomeRoute').then((m) => m.HomeRoute),
  },
  'lang-config': {
    path: '/lang-config',
    layout: 'default',
    page: () => import('../features/language/LangConfigPage').then((m) => m.LangConfigPage),
  },
  terms: legalPage('/pages/terms', 'terms'),
  privacy: legalPage('/pages/privacy', 'privacy'),
  cookies: legalPage('/pages/cookies', 'cookies'),
  ban: legalPage('/pages/ban', 'ban'),
  'return-policy': legalPage('/pages/return-policy', 'return_policy'),
  service: legalPage('/pages/service', 'service'),
  faq: {
    path: '/pages/faq',
    layout: 'default',
    page: () => import('../features/legal/FaqPage').then((m) => m.FaqPage),
    loader: () => import('../features/legal/legalLoader').then((m) => m.legalLoader()),
  },
  signup: accountPage('/signup', () => import('../features/signup/SignupPage').then((m) => m.SignupPage), {
    guestOnly: true,
  }),
  'complete-signup': accountPage(
    '/complete-signup',
    () => import('../features/signup/CompleteSignupPage').then((m) => m.CompleteSignupPage),
    { auth: true },
  ),
  login: accountPage('/login', () => import('../features/account/LoginPage').then((m) => m.LoginPage), {
    guestOnly: true,
  }),
  'reset-password': accountPage('/reset-password', () =>
    import('../features/account/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  ),
  'reset-password-do': accountPage('/reset-password/do', () =>
    import('../features/account/ResetPasswordPage').then((m) => m.ResetPasswordDoPage),
  ),
  'activate-done': accountPage('/activate/done', () =>
    import('../features/account/ActivationPages').then((m) => m.ActivateDonePage),
  ),
  'activate-error': accountPage('/activate/error', () =>
    import('../features/account/ActivationPages').then((m) => m.ActivateErrorPage),
  ),
  'mail-change-do': accountPage('/mail-change/do', () =>
    import('../features/account/MailChangeDoPage').then((m) => m.MailChangeDoPage),
  ),
  'account-deleted': accountPage('/account-deleted', () =>
    import('../features/account/AccountDeletedPage').then((m) => m.AccountDeletedPage),
  ),
  profile: {
    path: '/profile',
    layout: 'default',
    page: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
    loader: () => import('../features/profile/profileLoader').then((m) => m.profileLoader()),
    auth: true,
  },
  settings: accountPage('/settings', () => import('../features/account/SettingsPage').then((m) => m.SettingsPage), {
    auth: true,
  }),
  members: discoveryPage('/members', () => import('../features/discovery/MembersPage').then((m) => m.MembersPage), {}, true),
  'members-id': discoveryPage('/members/:id', memberProfilePage),
  'likes-m-id': discoveryPage('/likes/m/:id', memberProfilePage, { auth: true }),
  'members-id-chat': chatPage('/members/:id/chat', 'chat'),
  chats: {
    path: '/chats',
    layout: 'default',
    page: () => import('../features/chat/ChatsPage').then((m) => m.ChatsPage),
    loader: () => import('../features/chat/chatLoader').then((m) => m.chatLoader()),
    auth: true,
  },
  'chats-id': chatPage('/chats/:id', 'chat'),
  premium: shopPage('/premium', () => import('../features/shop/PremiumPage').then((m) => m.PremiumPage), false),
  pricing: shopPage('/pricing', () => import('../features/shop/PremiumPage').then((m) => m.PricingPage), false),
  credits: shopPage('/credits', () => import('../features/shop/CreditsPage').then((m) => m.CreditsPage)),
  'credits-repeat-order': shopPage('/credits/repeat-order', () =>
    import('../features/shop/RepeatOrderPage').then((m) => m.RepeatOrderPage),
  ),
  'recurring-card-failed': shopPage('/credits/card-failed', () =>
    import('../features/shop/CardFailedPage').then((m) => m.CardFailedPage),
  ),
  'credits-id-paymentmethod': shopPage('/credits/:id/:paymentmethod?', () =>
    import('../features/shop/CheckoutPage').then((m) => m.CheckoutPage),
  ),
  directdebit: shopPage('/directdebit', () =>
    import('../features/shop/DirectDebitPage').then((m) => m.DirectDebitPage),
  ),
  'transactions-id': shopPage('/transactions/:id?', () =>
    import('../features/shop/TransactionsPage').then((m) => m.TransactionsPage),
  ),
  likes: likesPage('/likes'),
  'likes-type': likesPage('/likes/:type'),
  'swipe-game': gamePage('/swipe-game', () => import('../features/games/SwipeGamePage').then((m) => m.SwipeGamePage)),
  'match-finder': gamePage('/match-finder', () => import('../features/games/MatchFinderPage').then((m) => m.MatchFinderPage)),
  'signup-matches': gamePage('/signup-matches', () =>
    import('../features/games/SignupMatchesPage').then((m) => m.SignupMatchesPage),
  ),
  notifications: notificationsPage('/notifications', () =>
    import('../features/notifications/NotificationsPage').then((m) => m.NotificationsPage), true),
  unsubscribe: notificationsPage('/unsubscribe', () =>
    import('../features/notifications/UnsubscribePage').then((m) => m.UnsubscribePage)),
  'lander-alonetonight': landerPage('/landers/alonetonight/:slug?', 'alonetonight'),
  'lander-collagelanding': landerPage('/landers/collagelanding/:slug?', 'collagelanding'),
  'lander-gallery': landerPage('/landers/gallery/:slug?', 'gallery'),
  'lander-iconslanding': landerPage('/landers/iconslanding/:slug?', 'iconslanding'),
  'lander-maplanding': landerPage('/landers/maplanding/:slug?', 'maplanding'),
  'lander-socialnetwork': landerPage('/landers/socialnetwork/:slug?', 'socialnetwork'),
  'lander-transitionsvideolanding': landerPage('/landers/transitionsvideolanding/:slug?', 'transitionsvideolanding'),
  'lander-video': landerPage('/landers/video/:slug?', 'video'),
  'lander-tinderswipe': landerPage('/landers/tinderswipe', 'tinderswipe'),
  'members-id-landing': landerPage('/members/:id/landing', 'member-landing'),
  'members-id-signup': landerPage('/members/:id/signup', 'member-signup'),
  'members-id-landing2': landerPage('/members/:id/landing2/:slug?', 'member-landing2'),
  'members-id-landing3': landerPage('/members/:id/landing3/:slug?', 'member-landing3'),
  complaints: {
    path: '/complaints',
    layout: 'default',
    page: () => import('../features/complaints/ComplaintsPage').then((m) => m.ComplaintsPage),
    loader: () => import('../features/complaints/complaintsLoader').then((m) => m.complaintsLoader()),
  },
  // A mail's login link: /{token} (spec section 2). Static routes rank first, so only
  // single-segment paths no screen claims land here; a bad token says so and offers login.
  'login-link': notificationsPage('/:token', () =>
    import('../features/notifications/LoginLinkPage').then((m) => m.LoginLinkPage)),
} satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof ROUTES;

const registry: Record<string, AppRoute> = ROUTES;

export function routeExists(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(registry, name);
}

/** The path of a registered route with its `:params` filled in. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return registry[name].path.replace(/:(\w+)\??/g, (_, key: string) =>
    params[key] === undefined ? '' : encodeURIComponent(String(params[key])),
  ).replace(/\/+$/, '') || '/';
}

export function routeOf(name: string): AppRoute | undefined {
  return routeExists(name) ? registry[name] : undefined;
}

/** The react-router `lazy` of a registered route, with the chunk-failure reload. */
export function lazyPage(route: AppRoute) {
  return async () => ({ Component: await importWithReload(route.page) });
}
