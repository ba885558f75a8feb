/** Shared vocabulary about members: cards, profiles, photo addresses, the stand-in avatar, the fictional mark, the match queue, one member's calls and blocks, the proposals after signup. */
export { type MemberCard, type MemberPhoto, type MemberProfile, imageUrl, prettifyKey } from './members';
export { PlaceholderAvatar } from './PlaceholderAvatar';
export { FictionalBadge } from './FictionalBadge';
export { FictionalLabel, FictionalNotice } from './FictionalNotice';
export { useMatch } from './matchStore';
export { blockMember, onBlocksChanged, unblockMember } from './blocks';
export { isUnavailable, membersApi } from './membersApi';
export { type ScoredMatch, signupMatches } from './signupMatches';
