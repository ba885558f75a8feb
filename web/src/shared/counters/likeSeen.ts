import { useChat } from './chatStore';

/**
 * Opening a profile clears its new-like flag on the server (spec section 4); the badge
 * follows at once instead of at the next refresh of the likes lists.
 */
export function markLikeSeen(id: number): void {
  const { likes, setLikes } = useChat.getState();
  if (!likes.liked_by.some((p) => p.id === id && p.like_new)) return;
  setLikes({ ...likes, liked_by: likes.liked_by.map((p) => (p.id === id ? { ...p, like_new: false } : p)) });
}
