import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pathTo, routeExists } from '../../shared/routing/paths';
import { useIsLoggedIn } from '../../shared/session';
import { AppLink } from '../../shared/routing/AppLink';
import { BackButton } from './BackButton';
import { LanguageDropdown } from './LanguageDropdown';
import { Logo } from './Logo';

// Members only, so a chunk of its own: a visitor's first page does not carry it (issue 17:
// 150 KB); for a request with a session the server preloads it (adapters/http/web_app.py).
const MemberNav = lazy(() => import('./MemberNav').then((module) => ({ default: module.MemberNav })));

/** The default layout's top navigation, for visitors and for members. */
export function TopNav() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  // On the login screen itself the button would only lead back to it.
  const { pathname } = useLocation();
  const onLogin = routeExists('login') && pathname === pathTo('login');
  return (
    <header className="top-nav">
      <nav className="container top-nav__inner" aria-label={t('nav.main')}>
        <div className="top-nav__start">
          <BackButton />
          <Logo />
        </div>
        <div className="top-nav__actions">
          {loggedIn && (
            <Suspense fallback={null}>
              <MemberNav />
            </Suspense>
          )}
          <LanguageDropdown />
          {!loggedIn && !onLogin && (
            <AppLink to="login" className="btn btn-primary rounded-pill px-3 px-sm-4">
              {t('nav.login')}
            </AppLink>
          )}
        </div>
      </nav>
    </header>
  );
}
