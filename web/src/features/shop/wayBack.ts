/**
 * Where the member was before the shop (issue 29.7): the payment pages offer the way back
 * there ("Back to the conversation") instead of leaving the member on a page that waits.
 * The payment provider's pages come in between, so the place is kept in sessionStorage
 * (this tab only, gone with it). Only places a member buys from are remembered; the shop's
 * own pages, logins and landing pages never replace them.
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteName } from '../../shared/routing/paths';

export type PlaceKind = 'chat' | 'profile' | 'search' | 'likes' | 'swipe' | 'finder' | 'chats' | 'own';

const PLACES: Partial<Record<RouteName, PlaceKind>> = {
  'members-id-chat': 'chat',
  'chats-id': 'chat',
  'members-id': 'profile',
  'likes-m-id': 'profile',
  members: 'search',
  likes: 'likes',
  'likes-type': 'likes',
  'swipe-game': 'swipe',
  'match-finder': 'finder',
  chats: 'chats',
  profile: 'own',
};

export interface Place {
  route: RouteName;
  params: Record<string, string>;
  kind: PlaceKind;
}

export const WAY_BACK_KEY = 'amora.wayBack';
/** Without a remembered place: the search, every member's home. */
export const NO_PLACE: Place = { route: 'members', params: {}, kind: 'search' };
// Route parameters are ids and list names; anything else was not written by us.
const PARAM = /^[\w-]{1,40}$/;

function placeOf(route: string, params: Record<string, string | undefined>): Place | null {
  const kind = PLACES[route as RouteName];
  if (!kind) return null;
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!PARAM.test(key) || !PARAM.test(value)) return null;
    clean[key] = value;
  }
  return { route: route as RouteName, params: clean, kind };
}

/** Remembers a screen as the way back, when it is a place a member buys from. */
export function notePlace(route: string, params: Record<string, string | undefined>): void {
  const place = placeOf(route, params);
  if (!place) return;
  try {
    sessionStorage.setItem(WAY_BACK_KEY, JSON.stringify({ route: place.route, params: place.params }));
  } catch {
    // Storage refused (private mode, full): the way back is the search.
  }
}

/** The place to go back to: the last one remembered in this tab, else the search. */
export function wayBack(): Place {
  try {
    const stored = JSON.parse(sessionStorage.getItem(WAY_BACK_KEY) ?? 'null') as unknown;
    if (stored && typeof stored === 'object') {
      const { route, params } = stored as { route?: unknown; params?: unknown };
      if (typeof route === 'string' && params && typeof params === 'object') {
        return placeOf(route, params as Record<string, string | undefined>) ?? NO_PLACE;
      }
    }
  } catch {
    // Unreadable: as if nothing were remembered.
  }
  return NO_PLACE;
}

/** The app shell's part: each screen shown is noted (route ids are the route names). */
export function usePlaceNotes(): void {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  // One string for the screen and its parameters: the effect runs when either changes.
  const screen = leaf ? JSON.stringify([leaf.id, leaf.params]) : '';
  useEffect(() => {
    if (!screen) return;
    const [route, params] = JSON.parse(screen) as [string, Record<string, string | undefined>];
    notePlace(route, params);
  }, [screen]);
}
