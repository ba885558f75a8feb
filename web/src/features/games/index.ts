/** The games' public module: the match finder's API and the swipe gesture's rules. */
export { type ScoredMatch, gamesApi } from './gamesApi';
export { DRAG_START_PX, type SwipeDirection, dragLook, releaseVelocity, swipeDecision } from './swipeGesture';
