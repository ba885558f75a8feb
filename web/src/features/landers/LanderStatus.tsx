import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { useSignupOpen } from '../../shared/signup';
import type { Lander } from './useLander';

export interface LanderStatusProps {
  status: Lander['status'];
  /** How many members arrived (0 shows the empty state). */
  count: number;
  retry: () => void;
  signup: () => void;
  /** 'dark' on dark designs (light text). */
  tone?: 'light' | 'dark';
  /** The heading level of the state's title, to keep headings in order. */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The members part of a lander while it is not ready: loading, an error with a retry, or
 * the empty state when the site has no members with a photo yet. Renders nothing once
 * members are there, so a design shows `<LanderStatus ... />` next to its member list.
 */
export function LanderStatus({ status, count, retry, signup, tone = 'light', headingLevel = 2, className = '' }: LanderStatusProps) {
  const { t } = useTranslation('landers');
  const signupOpen = useSignupOpen();
  const Heading = `h${headingLevel}` as const;
  const classes = `lander-status lander-status--${tone} ${className}`.trim();

  if (status === 'loading') {
    return (
      <div className={classes} role="status" data-testid="lander-loading">
        <span className="spinner-border" aria-hidden="true" />
        <span className="lander-status__loading">{t('common.loading')}</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className={classes} role="alert" data-testid="lander-error">
        <span className="lander-status__icon" aria-hidden="true">
          <Icon name="warning" size={26} />
        </span>
        <Heading className="lander-status__title">{t('common.errorTitle')}</Heading>
        <p className="lander-status__text">{t('common.errorText')}</p>
        <button type="button" className="btn lander-status__retry" onClick={retry} data-testid="lander-retry">
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (count === 0) {
    return (
      <div className={classes} data-testid="lander-empty">
        <span className="lander-status__icon" aria-hidden="true">
          <Icon name="sparkle" size={26} />
        </span>
        <Heading className="lander-status__title">{t('common.emptyTitle')}</Heading>
        {signupOpen && <p className="lander-status__text">{t('common.emptyText')}</p>}
        {signupOpen && (
          <button type="button" className="btn lander-status__retry" onClick={signup} data-testid="lander-empty-cta">
            {t('common.signupFree')}
          </button>
        )}
      </div>
    );
  }
  return null;
}
