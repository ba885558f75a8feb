/** The chat's public module: its counters (badges, page title) and how often it syncs. */
export { useAttentionCount, useChat } from './chatStore';
export { syncInterval } from './syncTiming';
