/**
 * The member screens' like (issue 35.5): the search and the profile name the places
 * (features/discovery/slots.ts), the likes fill them. Loaded with those screens
 * (routes.tsx); the profile's gift is giftSlots.tsx.
 */
import { CardLikeSlot, ProfileLikeSlot } from '../../features/discovery/slots';
import { LikeButton, useLikedByMe } from '../../features/likes';
import type { MemberProfile } from '../../shared/members';

/** The heart on a search card: liked as the likes lists say, until they load as the search said. */
function CardLike({ member, likedUntilLoaded, className }: { member: { id: number; name: string }; likedUntilLoaded: boolean; className: string }) {
  const liked = useLikedByMe(member.id, likedUntilLoaded);
  return <LikeButton member={member} liked={liked} variant="icon" className={className} />;
}

/** Like (or like back) on a profile, as the profile says. */
function ProfileLike({ profile, onChange }: { profile: MemberProfile; onChange: (liked: boolean) => void }) {
  return <LikeButton member={profile} liked={profile.liked_by_me} likesMe={profile.likes_me} onChange={onChange} />;
}

CardLikeSlot.fill(CardLike);
ProfileLikeSlot.fill(ProfileLike);
