import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';
import { Disclaimer } from '../../features/footer/Disclaimer';
import { Footer } from '../../features/footer/Footer';
import { Logo } from '../../features/navigation/Logo';
import { Slot } from '../slots';

/**
 * Landing pages: a small bar with the logo, the page, footer and disclaimer. The signup
 * modal lives here too: a lander's call to action opens it on desktop (spec section 2).
 */
export function LanderLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--lander">
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="lander-bar">
        <div className="container">
          <Logo />
        </div>
      </header>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <EntryWarning layout="lander" />
      <Slot name="signupModal" />
    </div>
  );
}
