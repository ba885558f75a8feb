import '../../shared/ui/account.scss';
import './notifications.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { membersAreaPath, safeRedirect } from '../../shared/routing/guard';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { AppLink } from '../../shared/routing/AppLink';
import { secondStepOf } from '../../shared/session/secondStep';
import { useIsLoggedIn, useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { notificationsApi } from './notificationsApi';
import { NotificationsSpinner } from './notificationsUi';

/**
 * The route /:token also catches any other unknown single-segment path: only what can be
 * a login token goes to the server (our tokens are long; file names and words are not).
 */
export function looksLikeToken(segment: string | undefined): segment is string {
  return segment !== undefined && segment.length >= 20 && !segment.includes('.');
}

// The texts of the failures this link can have; the rest are the common error texts.
const LINK_ERRORS: Record<string, string> = {
  login_link_invalid: 'loginLink.invalid',
  login_links_disabled: 'loginLink.disabled',
};

// One request per token, also when React runs the effect twice (StrictMode): a login
// link works once, so a second request would fail.
const attempts = new Map<string, Promise<string>>();

/** Uses the link, then asks who is logged in now; resolves where to go. */
function logInOnce(token: string): Promise<string> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = notificationsApi.useLoginLink(token).then(async ({ next }) => {
      await useSession.getState().refresh();
      return safeRedirect(next) ?? membersAreaPath();
    });
    attempts.set(token, attempt);
  }
  return attempt;
}

function LoginLink({ token }: { token: string }) {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [error, setError] = useState<unknown>(null);
  usePageTitle(t('loginLink.title'));

  useEffect(() => {
    let live = true;
    logInOnce(token).then(
      (next) => live && void navigate(next, { replace: true }),
      (caught: unknown) => {
        if (!live) return;
        // Two-step login on (issue 33.2): the login page asks for the code, then goes on
        // where the link meant to (the server keeps that with the challenge).
        const secondStep = secondStepOf(caught);
        if (secondStep) void navigate(pathTo('login'), { replace: true, state: { secondStep } });
        else setError(caught);
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (error === null) {
    return (
      <div className="auth-page">
        <div className="auth-card" data-testid="login-link-busy">
          <NotificationsSpinner label={t('loginLink.busy')} />
        </div>
      </div>
    );
  }

  const key = error instanceof ApiError ? LINK_ERRORS[error.code] : undefined;
  return (
    <AuthCard icon="key" title={t('loginLink.failedTitle')}>
      <FormAlert testId="login-link-failed">{key ? t(key) : errorText(error)}</FormAlert>
      {loggedIn ? (
        <Link to={membersAreaPath()} className="btn btn-primary btn-lg rounded-pill w-100" data-testid="login-link-continue">
          {t('loginLink.continue')}
        </Link>
      ) : (
        <AppLink to="login" className="btn btn-primary btn-lg rounded-pill w-100" data-testid="login-link-login">
          {t('loginLink.login')}
        </AppLink>
      )}
    </AuthCard>
  );
}

/** /{token}: a mail's login link logs the member in and takes them where the mail meant. */
export function LoginLinkPage() {
  const { token } = useParams();
  if (!looksLikeToken(token)) return <NotFoundPage />;
  return <LoginLink key={token} token={token} />;
}
