/**
 * What the member screens show of other features (issue 35.5): the like and the gift,
 * filled by app/slots/discoverySlots.tsx. The props are what these screens hand over.
 */
import type { MemberProfile } from '../../shared/members';
import { slot } from '../../shared/ui/slot';

/** The heart on a search card; `likedUntilLoaded`: the search's answer, until the likes lists are loaded. */
export const CardLikeSlot = slot<{ member: { id: number; name: string }; likedUntilLoaded: boolean; className: string }>('CardLikeSlot');

/** Like on a profile; `onChange` after a like or unlike went through. */
export const ProfileLikeSlot = slot<{ profile: MemberProfile; onChange: (liked: boolean) => void }>('ProfileLikeSlot');

/** "Send a gift" on a profile. */
export const ProfileGiftSlot = slot<{ member: { id: number; name: string } }>('ProfileGiftSlot');
