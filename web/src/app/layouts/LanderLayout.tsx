import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';
import { Disclaimer } from '../../features/footer/Disclaimer';
import { Footer } from '../../features/footer/Footer';
import { Logo } from '../../features/navigation/Logo';

/** Landing pages: a small bar with the logo, the page, footer and disclaimer. */
export function LanderLayout() {
  return (
    <div className="layout layout--lander">
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
    </div>
  );
}
