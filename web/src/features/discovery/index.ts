/** The member search's public module: member pictures and badges, member lookups and blocks,
 *  the login prompt, and the hand-over of the search that came with the page. */
export { type BootSearch, offerBootSearch } from './bootSearch';
export { FictionalLabel, FictionalNotice } from './FictionalNotice';
export { LoginPrompt } from './LoginPrompt';
export { LoginRequired, type MemberCard, type MemberPhoto, type MemberProfile, discoveryApi, isUnavailable } from './discoveryApi';
export { FictionalBadge, PlaceholderAvatar, imageUrl, prettifyKey } from './memberUi';
export { blockMember } from './searchStore';
