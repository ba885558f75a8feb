/** The signup's public module: what other features use of it. */
export { useSignupOpen } from './signupOpen';
export { openSignup } from './signupStore';
export { pushStepApplies, signupPolicy } from './policy';
export { useSignup } from './signupStore';
export { TRAFFIC_KEY, captureTraffic, hasTrafficSource, readTraffic, trafficForSignup } from './traffic';
