/** The chat's public module: how often it syncs (its counters: shared/counters). */
export { syncInterval } from './syncTiming';
