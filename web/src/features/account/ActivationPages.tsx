import '../../shared/ui/account.scss';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { addressContextOf } from '../../shared/i18n/address';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { membersAreaPath } from '../../shared/routing/guard';
import { pathTo } from '../../shared/routing/paths';
import type { User } from '../../shared/api/types';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { accountApi } from './accountApi';
import { ResendActivation } from '../../shared/activation';
import { AuthCard } from '../../shared/ui/AuthCard';
import { useErrorText } from '../../shared/ui/form';

// One request per token, also when React runs the effect twice (StrictMode).
const attempts = new Map<string, Promise<User>>();
function activateOnce(token: string): Promise<User> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = accountApi.activate(token);
    attempts.set(token, attempt);
  }
  return attempt;
}

/** /activate/done?token=…: confirms the address, then welcomes the member. */
export function ActivateDonePage() {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const user = useSession((s) => s.user);
  const [activated, setActivated] = useState<User | null>(null);
  usePageTitle(t('activation.welcomeTitle', { sitename: settings.name, context: addressContextOf((activated ?? user)?.profile.gender) }));

  useEffect(() => {
    if (!token) {
      navigate(pathTo('activate-error'), { replace: true });
      return;
    }
    let live = true;
    activateOnce(token).then(
      async (member) => {
        // The link may be opened in another browser: ask who is logged in here.
        await useSession.getState().refresh();
        if (live) setActivated(member);
      },
      () => {
        if (live) navigate(pathTo('activate-error'), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (!activated) {
    return (
      <div className="auth-page">
        <div className="auth-card text-center" role="status">
          <span className="spinner-border text-primary mb-3" aria-hidden="true" />
          <p className="mb-0">{t('activation.busy')}</p>
        </div>
      </div>
    );
  }

  const loggedIn = user !== null && user.id === activated.id;
  return (
    <AuthCard
      icon="check"
      title={t('activation.welcomeTitle', { sitename: settings.name, context: addressContextOf(activated.profile.gender) })}
      intro={t('activation.welcomeText', { name: activated.profile.name })}
    >
      <ul className="welcome-list">
        <li>{t('activation.welcome1')}</li>
        <li>{t('activation.welcome2')}</li>
        <li>{t('activation.welcome3')}</li>
      </ul>
      {loggedIn ? (
        <Link to={membersAreaPath()} className="btn btn-primary btn-lg rounded-pill w-100" data-testid="activation-continue">
          {t('activation.continue')}
        </Link>
      ) : (
        <AppLink to="login" className="btn btn-primary btn-lg rounded-pill w-100" data-testid="activation-login">
          {t('activation.login')}
        </AppLink>
      )}
    </AuthCard>
  );
}

/** /activate/error: 'Activeren mislukt', whom to contact, and a new mail for members. */
export function ActivateErrorPage() {
  const { t } = useTranslation('account');
  const { fieldText } = useErrorText();
  const settings = useSiteSettings();
  const user = useSession((s) => s.user);
  const title = fieldText({ code: 'activation_failed' }) ?? '';
  usePageTitle(title);
  const canResend = user?.status === 'not_confirmed';
  return (
    <AuthCard icon="warning" title={title} intro={t('activation.failedText')}>
      <p className="small">
        <Trans
          t={t}
          i18nKey="activation.contact"
          values={{ supportEmail: settings.support_email }}
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans fills the link with the address (<mail>{{supportEmail}}</mail> in every catalog).
          components={{ mail: <a href={`mailto:${settings.support_email}`} className="text-break" /> }}
        />
      </p>
      {canResend ? (
        <ResendActivation email={user.email} />
      ) : user ? (
        <Link to={membersAreaPath()} className="btn btn-primary btn-lg rounded-pill w-100">
          {t('activation.continue')}
        </Link>
      ) : (
        <AppLink to="login" suffix={`?redirect=${encodeURIComponent(pathTo('activate-error'))}`} className="btn btn-primary btn-lg rounded-pill w-100">
          {t('activation.loginToResend')}
        </AppLink>
      )}
    </AuthCard>
  );
}
