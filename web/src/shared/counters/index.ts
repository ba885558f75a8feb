/** The chat and likes counters: the lists and totals the chat and likes fill, and the badges and the page title show. */
export { type ChatListItem, type LikedByItem, useAttentionCount, useChat } from './chatStore';
export { counterBadge } from './counterBadge';
export { markLikeSeen } from './likeSeen';
