/**
 * Who may sign up (spec section 6): everyone when signups is 'all'; with
 * 'with_trafficsource' only visitors who came through a partner link (a traffic
 * source captured now or earlier); nobody when the site is invite-only, or closed by its
 * operators (issue 32.5: the server refuses with site_closed too).
 */
import type { Settings } from '../api/types';

export type SignupPolicy = 'open' | 'invite_only' | 'needs_traffic_source' | 'site_closed';

export function signupPolicy(signups: Settings['signups'], hasTrafficSource: boolean, closed = false): SignupPolicy {
  if (closed) return 'site_closed';
  if (signups === 'all') return 'open';
  if (signups === 'with_trafficsource') return hasTrafficSource ? 'open' : 'needs_traffic_source';
  return 'invite_only';
}

/**
 * The push-permission step after signup: only where the browser can do web push and
 * the site has a public push key. Sites without a key (the demo sites) skip it.
 */
export function pushStepApplies(settings: Pick<Settings, 'push_public_key'>, env: Partial<Window> = window): boolean {
  return Boolean(settings.push_public_key) && 'PushManager' in env && 'serviceWorker' in (env.navigator ?? {});
}
