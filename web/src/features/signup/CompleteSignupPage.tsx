import '../../shared/ui/account.scss';
import { Trans, useTranslation } from 'react-i18next';
import { membersAreaPath } from '../../shared/routing/guard';
import { Link } from 'react-router';
import { ResendActivation } from '../../shared/activation';
import { AuthCard } from '../../shared/ui/AuthCard';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { pushStepApplies } from '../../shared/signup/policy';
import { signupSteps } from './signupSteps';

export { signupSteps } from './signupSteps';

/** /complete-signup: check your inbox, resend, and what happens next. */
export function CompleteSignupPage() {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  const user = useSession((s) => s.user);
  usePageTitle(t('complete.title'));
  if (!user) return null;

  if (user.status !== 'not_confirmed') {
    return (
      <AuthCard icon="check" title={t('complete.activeTitle')} intro={t('complete.activeText', { sitename: settings.name })}>
        <Link to={membersAreaPath()} className="btn btn-primary btn-lg rounded-pill w-100">
          {t('activation.continue')}
        </Link>
      </AuthCard>
    );
  }

  const PushStep = pushStepApplies(settings) ? signupSteps.pushPermission : undefined;
  return (
    <AuthCard
      icon="mail"
      title={t('complete.title')}
      intro={<Trans t={t} i18nKey="complete.sent" values={{ email: user.email }} components={{ strong: <strong className="text-break" /> }} />}
    >
      <h2 className="auth-card__subtitle">{t('complete.nextTitle')}</h2>
      <ol className="next-steps">
        <li>{t('complete.next1', { sitename: settings.name })}</li>
        <li>{t('complete.next2')}</li>
        <li>{t('complete.next3')}</li>
      </ol>
      <p className="text-body-secondary small">{t('complete.spam')}</p>
      <ResendActivation email={user.email} />
      {PushStep && <PushStep />}
      <p className="auth-card__links">
        <Trans t={t} i18nKey="complete.wrongAddress" components={{ settings: <AppLink to="settings" /> }} />
      </p>
    </AuthCard>
  );
}
