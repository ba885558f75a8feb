/** The signup's public module: what other features use of it. */
export { useSignupOpen } from './signupOpen';
export { openSignup } from './signupStore';
