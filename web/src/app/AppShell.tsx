import { useEffect, useLayoutEffect } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { usePlaceNotes } from '../features/shop/wayBack';
import { DocumentTitle } from '../shared/title/DocumentTitle';
import { firstScreenRendered, removeServerFirstScreen } from '../shared/firstScreen';
import { ProgressBar, useNavigationProgress } from '../shared/progress/ProgressBar';
import { Slot } from './slots';

/**
 * Where a screen's scroll position is kept. A page opened afresh (a typed address, a mail's
 * link, a reload of the first page) has the key "default", as has every page opened so in
 * this tab: keyed by that, it opened scrolled to where the previous one was left (a legal
 * page on a phone opened half-way down, its title and contents out of sight). Such a page
 * is kept by its path instead.
 */
const scrollKey = (location: Location): string => (location.key === 'default' ? location.pathname : location.key);

/** What every screen shares, whatever its layout. */
export function AppShell() {
  useNavigationProgress();
  // Where the member was, for the payment pages' way back (features/shop/wayBack.ts).
  usePlaceNotes();
  // The shell's first commit holds the first screen (the router renders once its page is in).
  useEffect(firstScreenRendered, []);
  // The server's first cards of /members give way to it, before its paint.
  useLayoutEffect(() => removeServerFirstScreen(), []);
  return (
    <>
      <ProgressBar />
      <DocumentTitle />
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
      {/* A match arrives live on any screen, whatever its layout (issue 29.4). */}
      <Slot name="matchModal" />
    </>
  );
}
