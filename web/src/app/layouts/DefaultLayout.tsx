import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActivationReminder } from '../../features/account/ActivationReminder';
import { AlertHeader } from '../../features/alerts/AlertHeader';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';
import { Disclaimer } from '../../features/footer/Disclaimer';
import { Footer } from '../../features/footer/Footer';
import { TabBar } from '../../features/navigation/MemberNav';
import { TopNav } from '../../features/navigation/TopNav';
import { Slot } from '../slots';

/**
 * Top navigation, alert header, page, footer, disclaimer, the members' tab bar (phones),
 * entry warning, modals, activation reminder.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
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
      <TabBar />
      <EntryWarning layout="default" />
      <Slot name="signupModal" />
      <Slot name="timeBonusModal" />
      <Slot name="likeModal" />
      <ActivationReminder />
    </div>
  );
}
