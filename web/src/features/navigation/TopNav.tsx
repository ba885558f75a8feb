import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../session/sessionStore';
import { AppLink } from './AppLink';
import { LanguageDropdown } from './LanguageDropdown';
import { Logo } from './Logo';
import { MemberNav } from './MemberNav';

/** The default layout's top navigation, for visitors and for members. */
export function TopNav() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <header className="top-nav">
      <nav className="container top-nav__inner" aria-label={t('nav.main')}>
        <Logo />
        <div className="top-nav__actions">
          {loggedIn && <MemberNav />}
          <LanguageDropdown />
          {!loggedIn && (
            <AppLink to="login" className="btn btn-primary rounded-pill px-4">
              {t('nav.login')}
            </AppLink>
          )}
        </div>
      </nav>
    </header>
  );
}
