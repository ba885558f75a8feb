/** The app's answer to a session the server ended (shared/api/sessionEnd.ts): set at start-up. */
import { useSession } from '../shared/session/sessionStore';
import { setSessionEndHandler } from '../shared/api/sessionEnd';
import { appNavigate } from '../shared/routing/navigate';
import { pathTo } from '../shared/routing/paths';

export function installSessionEnd(): void {
  setSessionEndHandler((reason) => {
    useSession.getState().clear();
    // A ban ends the sessions at once (issue 3): forget the member and show why.
    const banPage = pathTo('ban');
    if (reason === 'banned' && location.pathname !== banPage) appNavigate(banPage, { replace: true });
  });
}
