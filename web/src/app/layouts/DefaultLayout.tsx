import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActivationReminder } from '../../features/account/ActivationReminder';
import { AlertHeader } from '../../features/alerts/AlertHeader';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';
import { Disclaimer } from '../../features/footer/Disclaimer';
import { Footer } from '../../features/footer/Footer';
import { TopNav } from '../../features/navigation/TopNav';
import { useIsLoggedIn } from '../../shared/session';
import { Slot } from '../slots';

// Members only, in the chunk of their top navigation (TopNav.tsx). The activation
// reminder is not lazy: its alert sits above the page and must be there at the first
// paint (only its modal loads apart, see ActivationReminder.tsx).
const TabBar = lazy(() => import('../../features/navigation/MemberNav').then((module) => ({ default: module.TabBar })));

/**
 * Top navigation, alert header, page, footer, disclaimer, the members' tab bar (phones),
 * entry warning, modals, activation reminder.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <div className="layout layout--default">
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <AlertHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      {loggedIn && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
      <EntryWarning layout="default" />
      <Slot name="signupModal" />
      <Slot name="timeBonusModal" />
      <Slot name="likeModal" />
      {loggedIn && <ActivationReminder />}
    </div>
  );
}
