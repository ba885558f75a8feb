/** The shop's public module: the premium-only notice and the load hook its screens share. */
export { PremiumOnly } from './PremiumOnly';
export { useLoad } from './useLoad';
