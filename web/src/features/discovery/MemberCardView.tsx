import '../../styles/sheets/discovery.scss';
import '../../styles/sheets/likes.scss';
import { useTranslation } from 'react-i18next';
import { LikeButton, useLikedByMe } from '../likes';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { countryName, useSettings } from '../site';
import { useSession } from '../session';
import type { MemberCard } from './discoveryApi';
import { FictionalBadge, PlaceholderAvatar, imageUrl } from './memberUi';
import { useSearch } from './searchStore';

/**
 * One member in the search grid: photo (or a drawn avatar), name, age and city, and a quick like.
 * `priority`: a card on the first screen, whose photo loads at once (the page's largest
 * image) instead of lazily.
 */
export function MemberCardView({ member, priority = false }: { member: MemberCard; priority?: boolean }) {
  const { i18n } = useTranslation('discovery');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const place = member.city || countryName(member.country, i18n.language);
  const liked = useLikedByMe(member.id, useSearch((s) => s.liked.includes(member.id)));
  const own = useSession((s) => s.user?.id === member.id);
  return (
    <article className="member-card" data-testid="member-card" data-member-id={member.id}>
      {/* Named by what it shows (name, age, place): a spoken "click Chantal" finds it. */}
      <AppLink to="members-id" params={{ id: member.id }} className="member-card__link">
        <div className="member-card__photo">
          {member.main_image ? (
            <img
              src={imageUrl(prefix, member.main_image.thumb_filename)}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <PlaceholderAvatar gender={member.gender} />
          )}
          {member.is_fictional && <FictionalBadge className="member-card__badge" />}
        </div>
        <div className="member-card__body">
          <h3 className="member-card__name">
            <span className="member-card__first">{member.name}</span>
            <span className="member-card__age">, {member.age}</span>
          </h3>
          {place && (
            <p className="member-card__place">
              <Icon name="mapPin" size={14} />
              <span>{place}</span>
            </p>
          )}
        </div>
      </AppLink>
      {/* Beside the link, not in it: a button inside a link is no valid HTML. */}
      {!own && <LikeButton member={member} liked={liked} variant="icon" className="member-card__like" />}
    </article>
  );
}
