/**
 * The likes lists live in the chat store (spec section 3 "Chat state": likes and the
 * total of new likes, which drives the badge and the page title). This module loads
 * them and remembers whether they were loaded; any load that finds a match I have
 * not celebrated yet (match_new) queues its celebration. Live news (likesLive.ts) asks
 * for lists newer than the news with reloadLikesAfterNews.
 */
import { create } from 'zustand';
import { useChat } from '../../shared/counters';
import { serverQuery } from '../../shared/api/serverQuery';
import { registerSessionReset } from '../../shared/session';
import { type LikeLists, likesApi } from './likesApi';
import { matchListed } from '../../shared/members/matchStore';

interface LikesStatus {
  loaded: boolean;
  error: unknown;
}

export const useLikesStatus = create<LikesStatus>()(() => ({ loaded: false, error: null }));

const likesQuery = serverQuery<void, LikeLists>({
  fetch: () => likesApi.list(),
  keep(lists) {
    useChat.getState().setLikes({ profiles: lists.profiles, liked_by: lists.liked_by });
    useLikesStatus.setState({ loaded: true, error: null });
    for (const profile of lists.profiles) matchListed(profile, profile.match_new);
  },
  fail: (error) => useLikesStatus.setState({ error }),
});

// Lists on their way at logout belong to nobody: they are dropped.
registerSessionReset(() => {
  likesQuery.clear();
  useLikesStatus.setState({ loaded: false, error: null });
});

const quietly = (request: Promise<unknown>): Promise<void> =>
  request.then(
    () => undefined,
    () => undefined,
  );

/** Fetches both lists (one request at a time) and puts them into the chat store. */
export const reloadLikes = (): Promise<void> => quietly(likesQuery.fetch());

/**
 * Fetches the lists after news (a live event, a reconnect). A load already on its way
 * may have been answered before the news happened, so one more follows it; news during
 * that wait shares it.
 */
export const reloadLikesAfterNews = (): Promise<void> => quietly(likesQuery.refresh());

/** The lists as loaded by reloadLikes (the chat store keeps them loosely typed). */
export function useLikeLists(): Pick<LikeLists, 'profiles' | 'liked_by'> {
  return useChat((s) => s.likes) as Pick<LikeLists, 'profiles' | 'liked_by'>;
}

/**
 * Whether I like this member: as the loaded lists say, and until they are loaded, as
 * `untilLoaded` says (a search answer tells whom of its cards I like, so the cards need
 * not wait for the lists, which load after the first screen).
 */
export function useLikedByMe(id: number, untilLoaded = false): boolean {
  const loaded = useLikesStatus((s) => s.loaded);
  const listed = useChat((s) => (s.likes.profiles as LikeLists['profiles']).some((p) => p.id === id));
  return loaded ? listed : untilLoaded;
}
