import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../shared/ui/AuthCard';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { pathAfterSignup } from './afterSignup';
import { SignupWizard } from './SignupWizard';

/** /signup: the signup steps as a page (smartphones, and direct links). */
export function SignupPage() {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  const navigate = useNavigate();
  usePageTitle(t('signup.title'));
  return (
    <AuthCard title={t('signup.title')} intro={t('signup.intro', { sitename: settings.name, minAge: settings.min_age })}>
      <SignupWizard
        onDone={async () => {
          const next = await pathAfterSignup();
          await navigate(next.path, { state: next.state });
        }}
        headingLevel={2}
      />
    </AuthCard>
  );
}
