import './games.scss';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import type { ScoredMatch } from '../../shared/members';
import { FictionalTag, GameLikeButton, GamePhoto, InterestChips, usePlace } from './gameUi';

/** One proposed member with the compatibility score, shared interests, like and profile link. */
export function MatchCardView({ match }: { match: ScoredMatch }) {
  const { t } = useTranslation('games');
  const place = usePlace(match);
  return (
    <article className="match-card" data-testid="match-card" data-member-id={match.id} aria-labelledby={`match-${match.id}`}>
      <div className="match-card__photo">
        <GamePhoto card={match} size="thumb" />
        <span className="match-card__score" data-testid="match-score">
          {t('match.score', { score: match.score })}
        </span>
        {match.is_fictional && <FictionalTag className="match-card__badge" />}
      </div>
      <div className="match-card__body">
        <h3 className="match-card__name" id={`match-${match.id}`}>
          <span className="match-card__first">{match.name}</span>
          <span className="match-card__age">, {match.age}</span>
        </h3>
        {place && (
          <p className="match-card__place">
            <Icon name="mapPin" size={14} />
            <span>{place}</span>
          </p>
        )}
        <InterestChips interests={match.interests} shared={match.shared_interests} max={3} />
        <div className="match-card__actions">
          <GameLikeButton card={match} />
          <AppLink to="members-id" params={{ id: match.id }} className="btn btn-outline-primary rounded-pill match-card__view">
            {t('card.viewProfile')}
            <span className="visually-hidden">: {match.name}</span>
          </AppLink>
        </div>
      </div>
    </article>
  );
}

/** The grid of proposed members. */
export function MatchGrid({ matches }: { matches: readonly ScoredMatch[] }) {
  return (
    <div className="match-grid" data-testid="match-results">
      {matches.map((match) => (
        <MatchCardView key={match.id} match={match} />
      ))}
    </div>
  );
}
