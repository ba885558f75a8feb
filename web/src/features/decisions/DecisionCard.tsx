/**
 * One statement of reasons (issue 30.2): what was restricted, the facts, the ground in the
 * member's language (the site's words), automation, when, until when it can be contested,
 * its status and the latest appeal. Who decided is not shown: operators keep that.
 */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../shared/i18n/dates';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import type { Decision } from './decisionsApi';

const ICONS: Partial<Record<Decision['restriction'], IconName>> = {
  ban: 'lock',
  photo_rejected: 'photo',
  photo_removed: 'photo',
  photo_held: 'photo',
  text_removed: 'user',
  message_held: 'chat',
  message_removed: 'chat',
};

/** Which automated means played a part: none, detection, the decision, or both. */
export function automationOf(decision: Pick<Decision, 'detected_automatically' | 'decided_automatically'>) {
  const { detected_automatically: detected, decided_automatically: decided } = decision;
  return detected && decided ? 'both' : detected ? 'detected' : decided ? 'decided' : 'none';
}

export function DecisionCard({ decision, children }: { decision: Decision; children?: ReactNode }) {
  const { t } = useTranslation('decisions');
  const [shownAt] = useState(() => Date.now());
  const lifted = decision.status === 'lifted';
  const over = new Date(decision.contest_until).getTime() < shownAt;
  return (
    <article
      id={`decision-${decision.id}`}
      className={`decision-card${lifted ? ' decision-card--lifted' : ''}`}
      aria-labelledby={`decision-${decision.id}-title`}
      data-testid="decision"
      data-restriction={decision.restriction}
    >
      <header className="decision-card__head">
        <span className="decision-card__icon" aria-hidden="true">
          <Icon name={ICONS[decision.restriction] ?? 'warning'} size={22} />
        </span>
        <div className="decision-card__heading">
          <h2 id={`decision-${decision.id}-title`} className="decision-card__title">
            {t(`restriction.${decision.restriction}`)}
          </h2>
          <p className="decision-card__date">{t('decidedOn', { date: formatLongDate(decision.decided_at) })}</p>
        </div>
        <span className={`decision-status decision-status--${decision.status}`} data-testid="decision-status">
          {t(`status.${decision.status}`)}
        </span>
      </header>
      <dl className="decision-card__facts">
        <dt>{t('facts')}</dt>
        {/* The facts as an operator wrote them: plain text, never markup. */}
        <dd className="decision-card__text" data-testid="decision-facts">
          {decision.facts}
        </dd>
        <dt>{t(`ground.${decision.ground.kind}`)}</dt>
        <dd data-testid="decision-ground">
          <strong>{decision.ground.title}</strong>
          <span className="decision-card__clause">{decision.ground.text}</span>
        </dd>
      </dl>
      <p className="decision-card__meta">
        <Icon name="info" size={16} />
        <span>{t(`automation.${automationOf(decision)}`)}</span>
      </p>
      {lifted ? (
        <p className="decision-card__meta" data-testid="decision-lifted">
          <Icon name="check" size={16} />
          <span>{t('liftedText')}</span>
        </p>
      ) : (
        <p className="decision-card__meta" data-testid="decision-contest-until">
          <Icon name="clock" size={16} />
          <span>
            {t(over ? 'contestOver' : 'contestUntil', {
              date: formatLongDate(decision.contest_until),
            })}
          </span>
        </p>
      )}
      {/* A removed photo is no longer among the member's photos: nothing to see there. */}
      {decision.item_kind === 'photo' && decision.restriction !== 'photo_removed' && (
        <p className="decision-card__link">
          <AppLink to="profile" suffix="#profile-photos">
            {t('seePhotos')}
          </AppLink>
        </p>
      )}
      {children}
    </article>
  );
}
