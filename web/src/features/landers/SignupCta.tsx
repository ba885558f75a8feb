import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../shared/ui/icons';

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

/** The big call to action of a lander: a real button opening the signup. */
export function SignupCta({ children, onClick, className = '', testId = 'lander-cta', icon = 'heart', ariaLabel }: SignupCtaProps) {
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
