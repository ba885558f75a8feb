import { useTranslation } from 'react-i18next';
import { FictionalBadge, PlaceholderAvatar, imageUrl } from '../../shared/members';
import { Icon } from '../../shared/ui/icons';
import { countryName, useSettings } from '../../shared/site';
import type { LanderMember } from './landerApi';

export type MemberTileSize = 'sm' | 'md' | 'lg';

/** Where a member lives, as shown on a tile: city, else region, else the country's name. */
export function memberPlace(member: Pick<LanderMember, 'city' | 'region' | 'country'>, language: string): string {
  return member.city || member.region || countryName(member.country, language);
}

/** The address of a member's photo: the square thumb for small tiles, the full photo for large ones. */
export function memberPhotoUrl(prefix: string, member: LanderMember, size: MemberTileSize = 'md'): string | null {
  if (!member.main_image) return null;
  return imageUrl(prefix, size === 'lg' ? member.main_image.filename : member.main_image.thumb_filename);
}

const PIXELS: Record<MemberTileSize, number> = { sm: 160, md: 300, lg: 600 };

/** Just a member's photo (e.g. inside a button that names the member itself: alt ''). */
export function MemberPhoto({ member, size = 'sm', alt, className = '' }: { member: LanderMember; size?: MemberTileSize; alt?: string; className?: string }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const src = memberPhotoUrl(prefix, member, size);
  const pixels = PIXELS[size];
  if (!src) return <PlaceholderAvatar gender={member.gender} className={className} />;
  return <img className={className} src={src} alt={alt ?? member.name} width={pixels} height={pixels} decoding="async" />;
}

export interface MemberTileProps {
  member: LanderMember;
  size?: MemberTileSize;
  className?: string;
  /** Hide the name/age/place caption (the design shows it elsewhere). */
  bare?: boolean;
  /** Load at once (above the fold) instead of lazily. */
  eager?: boolean;
  /** Show a green "online" dot. */
  online?: boolean;
}

/** One member of a lander: photo (alt = name), name, age, place, and the fictional mark. */
export function MemberTile({ member, size = 'md', className = '', bare = false, eager = false, online = false }: MemberTileProps) {
  const { t, i18n } = useTranslation('landers');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const src = memberPhotoUrl(prefix, member, size);
  const place = memberPlace(member, i18n.language);
  const pixels = PIXELS[size];
  return (
    <figure className={`lander-tile lander-tile--${size} ${className}`.trim()} data-testid="lander-member" data-member-id={member.id}>
      <div className="lander-tile__frame">
        <div className="lander-tile__photo">
          {src ? (
            <img
              src={src}
              alt={member.name}
              width={pixels}
              height={pixels}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            <PlaceholderAvatar gender={member.gender} />
          )}
        </div>
        {member.is_fictional && <FictionalBadge className="lander-tile__badge" />}
        {online && (
          <span className="lander-tile__online">
            <span className="visually-hidden">{t('common.online')}</span>
          </span>
        )}
      </div>
      {!bare && (
        <figcaption className="lander-tile__caption">
          <span className="lander-tile__name">
            {member.name}
            <span className="lander-tile__age">, {member.age}</span>
          </span>
          {place && (
            <span className="lander-tile__place">
              <Icon name="mapPin" size={14} />
              {place}
            </span>
          )}
        </figcaption>
      )}
    </figure>
  );
}
