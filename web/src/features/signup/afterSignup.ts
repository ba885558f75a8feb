/**
 * Where a new member goes once the account exists: first the members that fit the new
 * profile (/signup-matches) when there are any, else straight to the complete step.
 * The matches travel along in the navigation state so that screen need not ask again.
 */
import { pathTo, routeExists } from '../../shared/routing/paths';
import { type ScoredMatch, signupMatches } from '../../shared/members';

export interface AfterSignup {
  path: string;
  state?: { matches: ScoredMatch[] };
}

/** A slow answer must not keep the member waiting on the signup form. */
export const MATCHES_WAIT_MS = 4000;

export async function pathAfterSignup(wait = MATCHES_WAIT_MS): Promise<AfterSignup> {
  const complete = { path: pathTo('complete-signup') };
  if (!routeExists('signup-matches')) return complete;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, wait);
  });
  try {
    const matches = await Promise.race([signupMatches({ signal: controller.signal, retries: 0 }), late]);
    return matches && matches.length > 0 ? { path: pathTo('signup-matches'), state: { matches } } : complete;
  } catch {
    return complete; // the proposals are a bonus: without them the signup goes on as before
  } finally {
    clearTimeout(timer);
  }
}
