import { lazy } from 'react';
import { i18n } from '../../shared/i18n/i18n';
import { useMatch } from '../../shared/members/matchStore';

// The celebration and its texts load only when there is a match to show.
const MatchModal = lazy(() =>
  Promise.all([import('./MatchModal'), i18n.loadNamespaces('likes')]).then(([m]) => ({ default: m.MatchModal })),
);

/**
 * Fills the app shell's match slot: the celebration shows over any screen and layout (a
 * conversation on a phone too), since a match can arrive live wherever the member is.
 */
export function MatchSlot() {
  const matching = useMatch((s) => s.queue.length > 0);
  return matching ? <MatchModal /> : null;
}
