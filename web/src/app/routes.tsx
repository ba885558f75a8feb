/**
 * The route registry: every screen of the app by name, with its page, layout, loader and
 * checks. The paths live in shared/routing/paths.ts (features link by name from there);
 * ROUTES must give every name there a page. A later issue adds its screens to both.
 */
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { importWithReload } from '../shared/chunkReload';
import type { LegalDocument } from '../features/legal/legalDocuments';
import type { LayoutName } from '../shared/routing/layout';
import { PATHS, type RouteName } from '../shared/routing/paths';

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
    // The ban page shows the ban's decision in its appeal form (app/slots/legalSlots.ts).
    Promise.all([import('../features/legal/LegalPage'), document === 'ban' && import('./slots/legalSlots')]).then(([{ LegalPage }]) => {
      const Page = () => <LegalPage document={document} />;
      Page.displayName = `LegalPage(${document})`;
      return Page;
    }),
  // The ban page shows a banned member their ban's decision (issue 30.2).
  loader: () => import('../features/legal/legalLoader').then((m) => m.legalLoader(document === 'ban' ? ['decisions'] : [])),
});

/** An account screen that shows the passkeys, with them (app/slots/accountSlots.tsx). */
const withAccountSlots = (page: Promise<ComponentType>) => Promise.all([page, import('./slots/accountSlots')]).then(([Page]) => Page);

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
  // With the like they show (app/slots/discoverySlots.tsx), and a profile with its gift
  // (giftSlots.tsx: the search does not wait for the gift's modal code).
  page: () =>
    Promise.all([page(), import('./slots/discoverySlots'), search ? null : import('./slots/giftSlots')]).then(([Page]) => Page),
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
  // With the gift button beside the message field (app/slots/chatSlots.tsx).
  page: () => Promise.all([import('../features/chat/ConversationPage'), import('./slots/chatSlots')]).then(([m]) => m.ConversationPage),
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
    path: PATHS.index,
    layout: 'default',
    // Visitors get the landing page, members the members area.
    page: () => import('../features/home/HomeRoute').then((m) => m.HomeRoute),
  },
  'lang-config': {
    path: PATHS['lang-config'],
    layout: 'default',
    page: () => import('../features/language/LangConfigPage').then((m) => m.LangConfigPage),
  },
  terms: legalPage(PATHS.terms, 'terms'),
  privacy: legalPage(PATHS.privacy, 'privacy'),
  cookies: legalPage(PATHS.cookies, 'cookies'),
  ban: legalPage(PATHS.ban, 'ban'),
  'return-policy': legalPage(PATHS['return-policy'], 'return_policy'),
  service: legalPage(PATHS.service, 'service'),
  accessibility: legalPage(PATHS.accessibility, 'accessibility'),
  faq: {
    path: PATHS.faq,
    layout: 'default',
    page: () => import('../features/legal/FaqPage').then((m) => m.FaqPage),
    loader: () => import('../features/legal/legalLoader').then((m) => m.legalLoader()),
  },
  safety: {
    path: PATHS.safety,
    layout: 'default',
    page: () => import('../features/legal/SafetyPage').then((m) => m.SafetyPage),
    loader: () => import('../features/legal/safetyLoader').then((m) => m.safetyLoader()),
  },
  // With the profile's nudge on a flagged name (app/slots/signupSlots.tsx).
  signup: accountPage(
    PATHS.signup,
    () => Promise.all([import('../features/signup/SignupPage'), import('./slots/signupSlots')]).then(([m]) => m.SignupPage),
    { guestOnly: true },
  ),
  'complete-signup': accountPage(
    PATHS['complete-signup'],
    () => import('../features/signup/CompleteSignupPage').then((m) => m.CompleteSignupPage),
    { auth: true },
  ),
  // The login page and the settings with their passkeys (app/slots/accountSlots.tsx).
  login: accountPage(PATHS.login, () => withAccountSlots(import('../features/account/LoginPage').then((m) => m.LoginPage)), {
    guestOnly: true,
  }),
  'reset-password': accountPage(PATHS['reset-password'], () =>
    import('../features/account/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  ),
  'reset-password-do': accountPage(PATHS['reset-password-do'], () =>
    import('../features/account/ResetPasswordPage').then((m) => m.ResetPasswordDoPage),
  ),
  'activate-done': accountPage(PATHS['activate-done'], () =>
    import('../features/account/ActivationPages').then((m) => m.ActivateDonePage),
  ),
  'activate-error': accountPage(PATHS['activate-error'], () =>
    import('../features/account/ActivationPages').then((m) => m.ActivateErrorPage),
  ),
  'mail-change-do': accountPage(PATHS['mail-change-do'], () =>
    import('../features/account/MailChangeDoPage').then((m) => m.MailChangeDoPage),
  ),
  // The token is the proof (the owner may be locked out): no login.
  undo: accountPage(PATHS.undo, () => import('../features/account/UndoPage').then((m) => m.UndoPage)),
  'account-deleted': accountPage(PATHS['account-deleted'], () =>
    import('../features/account/AccountDeletedPage').then((m) => m.AccountDeletedPage),
  ),
  // The token is the proof, like the activation and reset links: no login.
  'my-data': accountPage(PATHS['my-data'], () => import('../features/account/MyDataPage').then((m) => m.MyDataPage)),
  // The token is the proof (whoever signed in may have changed the password): no login.
  'sessions-end': accountPage(PATHS['sessions-end'], () =>
    import('../features/account/EndSessionPage').then((m) => m.EndSessionPage),
  ),
  profile: {
    path: PATHS.profile,
    layout: 'default',
    page: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
    loader: () => import('../features/profile/profileLoader').then((m) => m.profileLoader()),
    auth: true,
  },
  settings: accountPage(PATHS.settings, () => withAccountSlots(import('../features/account/SettingsPage').then((m) => m.SettingsPage)), {
    auth: true,
  }),
  members: discoveryPage(PATHS.members, () => import('../features/discovery/MembersPage').then((m) => m.MembersPage), {}, true),
  'members-id': discoveryPage(PATHS['members-id'], memberProfilePage),
  'likes-m-id': discoveryPage(PATHS['likes-m-id'], memberProfilePage, { auth: true }),
  'members-id-chat': chatPage(PATHS['members-id-chat'], 'chat'),
  // The chat layout: on desktops the list is a pane beside the open conversation.
  chats: {
    path: PATHS.chats,
    layout: 'chat',
    page: () => import('../features/chat/ChatsPage').then((m) => m.ChatsPage),
    loader: () => import('../features/chat/chatLoader').then((m) => m.chatLoader()),
    auth: true,
  },
  'chats-id': chatPage(PATHS['chats-id'], 'chat'),
  premium: shopPage(PATHS.premium, () => import('../features/shop/PremiumPage').then((m) => m.PremiumPage), false),
  pricing: shopPage(PATHS.pricing, () => import('../features/shop/PremiumPage').then((m) => m.PricingPage), false),
  credits: shopPage(PATHS.credits, () => import('../features/shop/CreditsPage').then((m) => m.CreditsPage)),
  'credits-repeat-order': shopPage(PATHS['credits-repeat-order'], () =>
    import('../features/shop/RepeatOrderPage').then((m) => m.RepeatOrderPage),
  ),
  'recurring-card-failed': shopPage(PATHS['recurring-card-failed'], () =>
    import('../features/shop/CardFailedPage').then((m) => m.CardFailedPage),
  ),
  'credits-id-paymentmethod': shopPage(PATHS['credits-id-paymentmethod'], () =>
    import('../features/shop/CheckoutPage').then((m) => m.CheckoutPage),
  ),
  // The mandate is a step-up change: "Confirm it's you" with a passkey (app/slots/stepUpSlots.ts).
  directdebit: shopPage(PATHS.directdebit, () =>
    Promise.all([import('../features/shop/DirectDebitPage'), import('./slots/stepUpSlots')]).then(([m]) => m.DirectDebitPage),
  ),
  'transactions-id': shopPage(PATHS['transactions-id'], () =>
    import('../features/shop/TransactionsPage').then((m) => m.TransactionsPage),
  ),
  likes: likesPage(PATHS.likes),
  'likes-type': likesPage(PATHS['likes-type']),
  'swipe-game': gamePage(PATHS['swipe-game'], () => import('../features/games/SwipeGamePage').then((m) => m.SwipeGamePage)),
  'match-finder': gamePage(PATHS['match-finder'], () => import('../features/games/MatchFinderPage').then((m) => m.MatchFinderPage)),
  'signup-matches': gamePage(PATHS['signup-matches'], () =>
    import('../features/games/SignupMatchesPage').then((m) => m.SignupMatchesPage),
  ),
  notifications: notificationsPage(PATHS.notifications, () =>
    import('../features/notifications/NotificationsPage').then((m) => m.NotificationsPage), true),
  unsubscribe: notificationsPage(PATHS.unsubscribe, () =>
    import('../features/notifications/UnsubscribePage').then((m) => m.UnsubscribePage)),
  'lander-alonetonight': landerPage(PATHS['lander-alonetonight'], 'alonetonight'),
  'lander-collagelanding': landerPage(PATHS['lander-collagelanding'], 'collagelanding'),
  'lander-gallery': landerPage(PATHS['lander-gallery'], 'gallery'),
  'lander-iconslanding': landerPage(PATHS['lander-iconslanding'], 'iconslanding'),
  'lander-maplanding': landerPage(PATHS['lander-maplanding'], 'maplanding'),
  'lander-socialnetwork': landerPage(PATHS['lander-socialnetwork'], 'socialnetwork'),
  'lander-transitionsvideolanding': landerPage(PATHS['lander-transitionsvideolanding'], 'transitionsvideolanding'),
  'lander-video': landerPage(PATHS['lander-video'], 'video'),
  'lander-tinderswipe': landerPage(PATHS['lander-tinderswipe'], 'tinderswipe'),
  'members-id-landing': landerPage(PATHS['members-id-landing'], 'member-landing'),
  'members-id-signup': landerPage(PATHS['members-id-signup'], 'member-signup'),
  'members-id-landing2': landerPage(PATHS['members-id-landing2'], 'member-landing2'),
  'members-id-landing3': landerPage(PATHS['members-id-landing3'], 'member-landing3'),
  complaints: {
    path: PATHS.complaints,
    layout: 'default',
    page: () => import('../features/complaints/ComplaintsPage').then((m) => m.ComplaintsPage),
    loader: () => import('../features/complaints/complaintsLoader').then((m) => m.complaintsLoader()),
  },
  decisions: {
    path: PATHS.decisions,
    layout: 'default',
    page: () => import('../features/decisions/DecisionsPage').then((m) => m.DecisionsPage),
    loader: () => import('../features/decisions/decisionsLoader').then((m) => m.decisionsLoader()),
    auth: true,
  },
  // A mail's login link: a bad token says so and offers login.
  'login-link': notificationsPage(PATHS['login-link'], () =>
    import('../features/notifications/LoginLinkPage').then((m) => m.LoginLinkPage)),
} satisfies Record<RouteName, AppRoute>;

const registry: Record<string, AppRoute> = ROUTES;

export function routeOf(name: string): AppRoute | undefined {
  return Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
}

/** The react-router `lazy` of a registered route, with the chunk-failure reload. */
export function lazyPage(route: AppRoute) {
  return async () => ({ Component: await importWithReload(route.page) });
}
