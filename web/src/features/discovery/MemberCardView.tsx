import './discovery.scss';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { countryName, useSettings } from '../../shared/site';
import { useSession } from '../../shared/session';
import type { SearchCard } from './discoveryApi';
import { FictionalBadge } from '../../shared/members/FictionalBadge';
import { PlaceholderAvatar, imageUrl, prettifyKey, type MemberCard } from '../../shared/members';
import { useSearch } from './searchStore';
import { CardLikeSlot } from './slots';

/** The one line of why a search shows this member (issue 29.3): "15 km away · In common: Hiking · Online now". */
export function WhyShown({ member }: { member: Partial<SearchCard> }) {
  const { t, i18n } = useTranslation('discovery');
  const tp = useTranslation('profile').t;
  const parts: string[] = [];
  if (member.distance_km != null) parts.push(t('card.away', { km: new Intl.NumberFormat(i18n.language).format(member.distance_km) }));
  if (member.shared_interests?.length) {
    const names = member.shared_interests.map((key) => tp(`interest.${key}`, { defaultValue: prettifyKey(key) }));
    parts.push(t('card.inCommon', { interests: new Intl.ListFormat(i18n.language, { style: 'short', type: 'conjunction' }).format(names) }));
  }
  if (member.online) parts.push(t('card.online'));
  if (parts.length === 0) return null;
  return (
    <p className="member-card__why" data-testid="member-why">
      {member.online && <span className="member-card__online" aria-hidden="true" />}
      <span>{parts.join(' · ')}</span>
    </p>
  );
}

/**
 * One member in the search grid: photo (or a drawn avatar), name, age and city, why they
 * are shown, and a quick like. A fictional profile says so in words on the card.
 * `priority`: a card on the first screen, whose photo loads at once (the page's largest
 * image) instead of lazily.
 */
export function MemberCardView({ member, priority = false }: { member: MemberCard & Partial<SearchCard>; priority?: boolean }) {
  const { i18n } = useTranslation('discovery');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const place = member.city || countryName(member.country, i18n.language);
  const likedUntilLoaded = useSearch((s) => s.liked.includes(member.id));
  const own = useSession((s) => s.user?.id === member.id);
  return (
    <article className="member-card" data-testid="member-card" data-member-id={member.id} data-fictional={member.is_fictional || undefined}>
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
          {member.is_fictional && <FictionalBadge className="member-card__badge" labelled />}
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
          <WhyShown member={member} />
        </div>
      </AppLink>
      {/* Beside the link, not in it: a button inside a link is no valid HTML. */}
      {!own && <CardLikeSlot member={member} likedUntilLoaded={likedUntilLoaded} className="member-card__like" />}
    </article>
  );
}
