/**
 * The words every feature uses for another member: the card and profile the API sends,
 * their photos' addresses, and keys shown as words.
 */
import type { components } from '../api/schema';

export type MemberCard = components['schemas']['MemberCard'];
export type MemberProfile = components['schemas']['MemberProfile'];
export type MemberPhoto = components['schemas']['MemberPhoto'];

/** The URL of a member photo under the site's CDN prefix. */
export function imageUrl(prefix: string, filename: string): string {
  return `${prefix}${filename}`;
}

/** An interest or attribute key as words when no translation exists yet: "board_games" → "Board games". */
export function prettifyKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
