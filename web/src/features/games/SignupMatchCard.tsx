import './games.scss';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { PlaceholderAvatar, type ScoredMatch, imageUrl, prettifyKey } from '../../shared/members';
import { useSettings } from '../../shared/site';
import { FictionalTag, GameLikeButton, usePlace } from './gameUi';

/** Shared interests shown in words on a card; the rest as "+2". */
const SHARED_SHOWN = 2;

/**
 * The photo large enough for a card as tall as a phone's half width (the 300 px square
 * thumbnail would be stretched and cropped); the cards below the first screen load as
 * they come near.
 */
function MatchPhoto({ match }: { match: ScoredMatch }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  if (!match.main_image) return <PlaceholderAvatar gender={match.gender} />;
  return <img src={imageUrl(prefix, match.main_image.filename)} alt="" loading="lazy" decoding="async" draggable={false} />;
}

/** "♥ Hiking · Jazz +1": what the new member and this one both like, when anything. */
function SharedLine({ shared }: { shared: readonly string[] }) {
  const { t } = useTranslation('games');
  const tp = useTranslation('profile').t;
  if (shared.length === 0) return null;
  const shown = shared.slice(0, SHARED_SHOWN).map((key) => tp(`interest.${key}`, { defaultValue: prettifyKey(key) }));
  const more = shared.length - shown.length;
  return (
    <p className="signup-match__shared" data-testid="signup-match-shared">
      <Icon name="heart" size={14} />
      <span className="visually-hidden">{t('match.shared')}: </span>
      <span className="signup-match__shared-words">{shown.join(' · ')}</span>
      {more > 0 && <span className="signup-match__more">+{more}</span>}
    </p>
  );
}

/**
 * One of the matches right after signup, photo first (issue 29.7): the photo fills the
 * card with the name, age and place on it, the whole photo opens the profile; below it
 * only the interests both share and the like.
 */
export function SignupMatchCard({ match }: { match: ScoredMatch }) {
  const { t } = useTranslation('games');
  const place = usePlace(match);
  return (
    <article className="signup-match" data-testid="match-card" data-member-id={match.id} aria-labelledby={`match-${match.id}`}>
      <div className="signup-match__photo">
        <MatchPhoto match={match} />
        <span className="signup-match__score" data-testid="match-score">
          {t('match.score', { score: match.score })}
        </span>
        <div className="signup-match__caption">
          {match.is_fictional && <FictionalTag className="signup-match__fictional" />}
          <h3 className="signup-match__name" id={`match-${match.id}`}>
            {/* Stretched over the photo: a tap anywhere on it opens the profile. */}
            <AppLink to="members-id" params={{ id: match.id }} className="stretched-link signup-match__link">
              <span className="signup-match__first">{match.name}</span>
              <span className="signup-match__age">, {match.age}</span>
            </AppLink>
          </h3>
          {place && (
            <p className="signup-match__place">
              <Icon name="mapPin" size={14} />
              <span>{place}</span>
            </p>
          )}
        </div>
      </div>
      <div className="signup-match__foot">
        <SharedLine shared={match.shared_interests} />
        <GameLikeButton card={match} />
      </div>
    </article>
  );
}

/** The signup's matches: two photos across on a phone, up to four on a desktop. */
export function SignupMatchGrid({ matches }: { matches: readonly ScoredMatch[] }) {
  return (
    <div className="signup-match-grid" data-testid="match-results">
      {matches.map((match) => (
        <SignupMatchCard key={match.id} match={match} />
      ))}
    </div>
  );
}
