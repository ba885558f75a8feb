/** The session's public module: who is logged in, for every other feature. */
export { useAddressContext } from './address';
export { SESSION_HINT_COOKIE, type User, registerSessionReset, sessionHinted, useIsLoggedIn, useSession } from './sessionStore';
export { keepCredits } from './credits';
