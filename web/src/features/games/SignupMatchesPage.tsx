import './games.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { translateError } from '../../shared/i18n/translateError';
import { RetryAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { type ScoredMatch, signupMatches } from '../../shared/members';
import { SignupMatchGrid } from './SignupMatchCard';

/** What the signup hands over when it sends the member here (saves asking twice). */
export interface SignupMatchesState {
  matches?: ScoredMatch[];
}

type Status = { kind: 'loading' } | { kind: 'ready'; matches: ScoredMatch[] } | { kind: 'error'; error: unknown };

/**
 * /signup-matches: right after signup, members that fit the new profile, to like at
 * once. "Continue" goes on with the signup's complete step while the e-mail address is
 * unconfirmed (it explains the activation mail), otherwise to the members area.
 */
export function SignupMatchesPage() {
  const { t } = useTranslation('games');
  const tc = useTranslation('common').t;
  usePageTitle(t('signup.title'));
  const user = useSession((s) => s.user);
  const handed = (useLocation().state as SignupMatchesState | null)?.matches;
  const [attempt, setAttempt] = useState(0);
  // The matches handed over by the signup are shown first; a retry asks the server.
  const [answer, setAnswer] = useState<{ attempt: number; status: Status } | null>(null);
  const status: Status =
    handed && attempt === 0 ? { kind: 'ready', matches: handed } : answer?.attempt === attempt ? answer.status : { kind: 'loading' };

  useEffect(() => {
    if (handed && attempt === 0) return;
    const controller = new AbortController();
    signupMatches({ signal: controller.signal }).then(
      (matches) => setAnswer({ attempt, status: { kind: 'ready', matches } }),
      (error: unknown) => !controller.signal.aborted && setAnswer({ attempt, status: { kind: 'error', error } }),
    );
    return () => controller.abort();
  }, [handed, attempt]);

  const next = user?.status === 'not_confirmed' ? 'complete-signup' : 'members';
  const continueLink = (
    <AppLink to={next} className="btn btn-primary btn-lg rounded-pill px-5" data-testid="signup-matches-continue">
      {t('signup.continue')}
      <Icon name="arrowLeft" size={18} className="ms-2 signup-matches__arrow" />
    </AppLink>
  );

  return (
    <div className="container game-page signup-matches" data-testid="signup-matches">
      {/* A short head, no header band: the faces are the first screen, also on a phone. */}
      <header className="signup-matches__head">
        <h1 className="signup-matches__title">{user ? t('signup.welcome', { name: user.profile.name }) : t('signup.title')}</h1>
        <p className="signup-matches__intro">{t('signup.intro')}</p>
      </header>
      {status.kind === 'loading' ? (
        <div className="game-loading" aria-busy="true">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('signup.loading')}</span>
        </div>
      ) : status.kind === 'error' ? (
        <RetryAlert testId="signup-matches-error" message={translateError(tc, status.error)} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} />
      ) : status.matches.length === 0 ? (
        <div className="game-empty" data-testid="signup-matches-empty">
          <span className="game-empty__icon" aria-hidden="true">
            <Icon name="sparkle" size={28} />
          </span>
          <h2 className="game-empty__title">{t('signup.emptyTitle')}</h2>
          <p className="game-empty__text">{t('signup.emptyText')}</p>
        </div>
      ) : (
        <SignupMatchGrid matches={status.matches} />
      )}
      <div className="signup-matches__continue">{continueLink}</div>
    </div>
  );
}
