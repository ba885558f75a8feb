/** The gifts' public module: the gift button (a gift's picture and name: shared/gifts). */
export { GiftButton } from './GiftButton';
