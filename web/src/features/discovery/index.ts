/** The member search's public module: member pictures and badges, member lookups, the login prompt. */
export { LoginPrompt } from './LoginPrompt';
export { LoginRequired, type MemberCard, type MemberPhoto, type MemberProfile, discoveryApi, isUnavailable } from './discoveryApi';
export { FictionalBadge, PlaceholderAvatar, imageUrl, prettifyKey } from './memberUi';
