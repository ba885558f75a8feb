import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLeaving, membersAreaPath } from '../../shared/routing/guard';
import { useIsLoggedIn } from '../../shared/session';
import { IndexPage } from './IndexPage';

/**
 * "/": the landing page for visitors; a member arriving here goes on to the members area
 * (replacing "/" in the history). Decided on arrival only: a visitor who signs up or logs
 * in on this page stays in that flow, and the member logging out (LEAVING_STATE) stays.
 */
export function HomeRoute() {
  const loggedIn = useIsLoggedIn();
  const { state } = useLocation();
  const [redirect] = useState(() => loggedIn && !isLeaving(state));
  if (redirect) return <Navigate to={membersAreaPath()} replace />;
  return <IndexPage />;
}
