import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from '../features/title/DocumentTitle';
import { ProgressBar, useNavigationProgress } from '../shared/progress/ProgressBar';

/** What every screen shares, whatever its layout. */
export function AppShell() {
  useNavigationProgress();
  return (
    <>
      <ProgressBar />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
