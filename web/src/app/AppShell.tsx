import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePlaceNotes } from '../features/shop/wayBack';
import { DocumentTitle } from '../features/title/DocumentTitle';
import { firstScreenRendered } from '../shared/firstScreen';
import { ProgressBar, useNavigationProgress } from '../shared/progress/ProgressBar';
import { Slot } from './slots';

/** What every screen shares, whatever its layout. */
export function AppShell() {
  useNavigationProgress();
  // Where the member was, for the payment pages' way back (features/shop/wayBack.ts).
  usePlaceNotes();
  // The shell's first commit holds the first screen (the router renders once its page is in).
  useEffect(firstScreenRendered, []);
  return (
    <>
      <ProgressBar />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
      {/* A match arrives live on any screen, whatever its layout (issue 29.4). */}
      <Slot name="matchModal" />
    </>
  );
}
