import { useSiteSettings } from '../site';
import { signupPolicy } from './policy';
import { hasTrafficSource } from './traffic';

/**
 * Whether this visitor may sign up here (spec section 6): calls to action that promise a
 * free profile show only then; elsewhere (partner-only, invite-only or a closed site) they
 * give way to the login (issue 19.6).
 */
export function useSignupOpen(): boolean {
  const { signups, closed } = useSiteSettings();
  return signupPolicy(signups, hasTrafficSource(), closed) === 'open';
}
