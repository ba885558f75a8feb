import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AppLink } from '../routing/AppLink';
import { Icon } from './icons';
import { openSignup, useSignupOpen } from '../signup';

/** For visitors: log in or sign up, then come back here. */
export function LoginPrompt({ title, text, compact = false }: { title: string; text: string; compact?: boolean }) {
  const { t } = useTranslation('discovery');
  const { pathname, search } = useLocation();
  const signupOpen = useSignupOpen();
  return (
    <div className={`login-prompt${compact ? ' login-prompt--compact' : ''}`} data-testid="login-prompt">
      {!compact && (
        <span className="login-prompt__icon" aria-hidden="true">
          <Icon name="heart" size={26} />
        </span>
      )}
      <div className="login-prompt__text">
        <h2 className="login-prompt__title">{title}</h2>
        <p className="login-prompt__intro">{text}</p>
      </div>
      <div className="login-prompt__actions">
        {signupOpen && (
          <AppLink
            to="signup"
            className="btn btn-primary rounded-pill px-4"
            onClick={(event) => {
              event.preventDefault();
              openSignup();
            }}
            data-testid="prompt-signup"
          >
            {t('gate.signup')}
          </AppLink>
        )}
        <AppLink
          to="login"
          suffix={`?${new URLSearchParams({ redirect: pathname + search })}`}
          className={`btn ${signupOpen ? 'btn-outline-primary' : 'btn-primary'} rounded-pill px-4`}
          data-testid="prompt-login"
        >
          {t('gate.login')}
        </AppLink>
      </div>
    </div>
  );
}
