import './account.scss';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import { LogoMark } from './LogoMark';

/** The centred card of the login, signup and reset screens, on the soft brand gradient. */
export function AuthCard({
  title,
  intro,
  icon,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  icon?: IconName;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="auth-page">
      <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
        <div className={`auth-card__mark${icon ? '' : ' auth-card__mark--logo'}`} aria-hidden="true">
          {icon ? <Icon name={icon} size={28} /> : <LogoMark size={52} />}
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {intro && <div className="auth-card__intro">{intro}</div>}
        {children}
      </div>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </div>
  );
}
