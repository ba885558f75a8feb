import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSignupOpen } from '../../shared/signup';

export interface SignupCtaProps {
  children: ReactNode;
  /** The lander's signup (useLander().signup). */
  onClick: () => void;
  className?: string;
  testId?: string;
  /** An icon before the text; 'heart' by default, null for none. */
  icon?: IconName | null;
  /** Extra words for screen readers when the visible text is short. */
  ariaLabel?: string;
}

/**
 * The big call to action of a lander: a real button opening the signup. Where this visitor
 * cannot sign up (partner-only without a partner, invite-only) it is the way to log in
 * instead: no free profile is promised that the signup would refuse (issue 19.6).
 */
export function SignupCta({ children, onClick, className = '', testId = 'lander-cta', icon = 'heart', ariaLabel }: SignupCtaProps) {
  const tc = useTranslation('common').t;
  if (!useSignupOpen()) {
    return (
      <AppLink to="login" className={`btn lander-cta ${className}`.trim()} data-testid={testId}>
        <Icon name="user" size={20} className="lander-cta__icon" />
        <span>{tc('nav.login')}</span>
      </AppLink>
    );
  }
  return (
    <button
      type="button"
      className={`btn lander-cta ${className}`.trim()}
      onClick={onClick}
      data-testid={testId}
      aria-label={ariaLabel}
    >
      {icon && <Icon name={icon} size={20} className="lander-cta__icon" />}
      <span>{children}</span>
    </button>
  );
}
