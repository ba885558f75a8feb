/** The gifts' public module: the gift button and what a sent gift looks like. */
export { GiftButton } from './GiftButton';
export { giftName, giftObject, giftPicture, giftsApi, keepCredits } from './giftsApi';
