/** Who may sign up here, where a visitor came from, and opening the signup: used by the signup, the landers, the home page and the search. */
export { pushStepApplies, signupPolicy } from './policy';
export { TRAFFIC_KEY, captureTraffic, hasTrafficSource, readTraffic, trafficForSignup } from './traffic';
export { useSignupOpen } from './signupOpen';
export { openSignup, useSignup } from './signupStore';
