/** Shared vocabulary about members: cards, profiles, photo addresses, the stand-in avatar. */
export { type MemberCard, type MemberPhoto, type MemberProfile, imageUrl, prettifyKey } from './members';
export { PlaceholderAvatar } from './PlaceholderAvatar';
export { FictionalBadge } from './FictionalBadge';
export { FictionalLabel, FictionalNotice } from './FictionalNotice';
export { useMatch } from './matchStore';
