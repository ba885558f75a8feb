/** The shop's public module: the premium-only notice. */
export { PremiumOnly } from './PremiumOnly';
