/** The likes' public module: the like button, who was liked, how often likes refresh. */
export { LikeButton } from './LikeButton';
export { refreshInterval } from './likesRefresher';
export { reloadLikes, useLikedByMe } from './likesStore';
