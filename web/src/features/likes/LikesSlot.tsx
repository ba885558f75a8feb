import { lazy, useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { i18n } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session';
import { delayOf, offerAutoLike, takeOffer, useLikeModal, withoutDelay } from './likeModalStore';

// The modals and their texts load only when there is something to show.
const withTexts = <T,>(module: Promise<T>) => Promise.all([module, i18n.loadNamespaces('likes')]).then(([m]) => m);
const LikeModal = lazy(() => withTexts(import('./LikeModal')).then((m) => ({ default: m.LikeModal })));

/**
 * On entering the site, a logged-in member is offered a like (after t seconds when the
 * query asks so; t then leaves the URL, the other parameters stay).
 */
export function useAutoLikeOffer(): void {
  const userId = useSession((s) => s.user?.id ?? null);
  const location = useLocation();
  const navigate = useNavigate();
  // The location when the timer fires, not when it was set.
  const here = useEffectEvent(() => location);

  useEffect(() => {
    if (userId === null) return;
    const seconds = delayOf(here().search);
    // Always through a timer: React's strict mode mounts twice, and the server offers each like once.
    const timer = setTimeout(() => {
      if (!takeOffer(userId)) return;
      const now = here();
      if (delayOf(now.search) !== null) {
        void navigate({ pathname: now.pathname, search: withoutDelay(now.search), hash: now.hash }, { replace: true, state: now.state });
      }
      void offerAutoLike();
    }, (seconds ?? 0) * 1000);
    return () => clearTimeout(timer);
  }, [userId, navigate]);
}

/** Fills the default layout's like-modal slot (the match celebration has its own: MatchSlot). */
export function LikesSlot() {
  useAutoLikeOffer();
  const offer = useLikeModal((s) => s.profile !== null);
  return offer ? <LikeModal /> : null;
}
