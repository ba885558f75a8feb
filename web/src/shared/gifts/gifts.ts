/**
 * What a gift looks like wherever it shows (the picker, a conversation, the chat list):
 * its picture and its name in the member's language (texts in the `gifts` namespace).
 */
import type { TFunction } from 'i18next';
import { prettifyKey } from '../members';

/** The gift's picture, drawn by the project (web/public/gifts/<key>.svg). */
export function giftPicture(key: string): string {
  return `${import.meta.env.BASE_URL}gifts/${key.replace(/[^a-z0-9_-]/gi, '')}.svg`;
}

/** "Rose": the gift's name (a key the catalog does not know yet reads as words). */
export function giftName(t: TFunction, key: string): string {
  return t(`names.${key}`, { ns: 'gifts', defaultValue: prettifyKey(key) });
}

/** "a rose": the gift as the object of a sentence ("You sent a rose"). */
export function giftObject(t: TFunction, key: string): string {
  return t(`object.${key}`, { ns: 'gifts', defaultValue: giftName(t, key) });
}
