/**
 * Every screen's path by name: links are made from names (`<AppLink to="signup">`,
 * `pathTo('members-id', { id })`). A name exists here only when app/routes.tsx gives it a
 * page (it must: ROUTES satisfies Record<RouteName, AppRoute>), so no link ever points to a
 * screen that does not exist yet. Features import paths from here, never the route registry,
 * which imports their pages.
 */
export const PATHS = {
  index: '/',
  'lang-config': '/lang-config',
  terms: '/pages/terms',
  privacy: '/pages/privacy',
  cookies: '/pages/cookies',
  ban: '/pages/ban',
  'return-policy': '/pages/return-policy',
  service: '/pages/service',
  // The accessibility statement (European Accessibility Act; issue 34.6).
  accessibility: '/pages/accessibility',
  faq: '/pages/faq',
  // How to date safely (issue 31.5): linked from the warning on a flagged message and the footer.
  safety: '/safety',
  signup: '/signup',
  'complete-signup': '/complete-signup',
  login: '/login',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'mail-change-do': '/mail-change/do',
  // The owner's undo of an address or password change, mailed to the old address (issue 33.4).
  undo: '/undo',
  'account-deleted': '/account-deleted',
  // A large copy of one's data, mailed as a link that works once (issue 21.1).
  'my-data': '/my-data',
  // The "was this you?" mail's link: ends the session it tells of (issue 33.3).
  'sessions-end': '/sessions/end',
  profile: '/profile',
  settings: '/settings',
  members: '/members',
  'members-id': '/members/:id',
  'likes-m-id': '/likes/m/:id',
  'members-id-chat': '/members/:id/chat',
  chats: '/chats',
  'chats-id': '/chats/:id',
  premium: '/premium',
  pricing: '/pricing',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'recurring-card-failed': '/credits/card-failed',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  directdebit: '/directdebit',
  'transactions-id': '/transactions/:id?',
  likes: '/likes',
  'likes-type': '/likes/:type',
  'swipe-game': '/swipe-game',
  'match-finder': '/match-finder',
  'signup-matches': '/signup-matches',
  notifications: '/notifications',
  unsubscribe: '/unsubscribe',
  'lander-alonetonight': '/landers/alonetonight/:slug?',
  'lander-collagelanding': '/landers/collagelanding/:slug?',
  'lander-gallery': '/landers/gallery/:slug?',
  'lander-iconslanding': '/landers/iconslanding/:slug?',
  'lander-maplanding': '/landers/maplanding/:slug?',
  'lander-socialnetwork': '/landers/socialnetwork/:slug?',
  'lander-transitionsvideolanding': '/landers/transitionsvideolanding/:slug?',
  'lander-video': '/landers/video/:slug?',
  'lander-tinderswipe': '/landers/tinderswipe',
  'members-id-landing': '/members/:id/landing',
  'members-id-signup': '/members/:id/signup',
  'members-id-landing2': '/members/:id/landing2/:slug?',
  'members-id-landing3': '/members/:id/landing3/:slug?',
  complaints: '/complaints',
  // The member's decisions (issue 30.2): what was restricted, why, and how to contest it.
  decisions: '/decisions',
  // A mail's login link: /{token} (spec section 2). Static routes rank first, so only
  // single-segment paths no screen claims land here.
  'login-link': '/:token',
} as const;

export type RouteName = keyof typeof PATHS;

const registry: Record<string, string> = PATHS;

export function routeExists(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(registry, name);
}

/** The path of a registered route with its `:params` filled in. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return registry[name]!.replace(/:(\w+)\??/g, (_, key: string) =>
    params[key] === undefined ? '' : encodeURIComponent(String(params[key])),
  ).replace(/\/+$/, '') || '/';
}
