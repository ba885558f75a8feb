/**
 * The top navigation's two drop-down menus (language, my account), with Bootstrap's
 * Dropdown and its positioning engine (Popper). A chunk of their own, loaded right after
 * the first paint (see LazyDropdown.tsx): none of that code is needed to show a page.
 */
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES, type Language, isLanguage } from '../../shared/i18n/languages';
import { BellIcon } from '../../shared/ui/BellIcon';
import { changeLanguage } from '../../shared/site';
import { AppLink } from '../../shared/routing/AppLink';
import { routeExists } from '../../shared/routing/paths';
import { Icon } from '../../shared/ui/icons';

export function LanguageMenu({
  align,
  locales,
  current,
  defaultShow,
}: {
  align: 'start' | 'end';
  locales: Language[];
  current: Language | null;
  defaultShow: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dropdown align={align} defaultShow={defaultShow} onSelect={(key) => isLanguage(key) && void changeLanguage(key)}>
      <Dropdown.Toggle variant="link" className="nav-pill language-toggle">
        <span className="visually-hidden">{t('nav.language')} </span>
        <Icon name="globe" size={18} />
        <span className="text-uppercase">{current}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow-lg">
        {locales.map((lang) => (
          <Dropdown.Item key={lang} eventKey={lang} active={lang === current} lang={lang}>
            {NATIVE_NAMES[lang]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

export function AccountMenu({ name, defaultShow, onLogout }: { name: string; defaultShow: boolean; onLogout: () => Promise<void> }) {
  // The notifications catalog holds its own menu item's name.
  const { t } = useTranslation(['common', 'notifications']);
  return (
    <Dropdown align="end" defaultShow={defaultShow}>
      <Dropdown.Toggle variant="link" className="nav-pill member-nav__item">
        <span className="visually-hidden">{t('nav.account')} </span>
        <span className="member-nav__icon">
          <Icon name="user" />
        </span>
        <span className="member-nav__label member-nav__label--name">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow-lg">
        {routeExists('profile') && (
          <Dropdown.Item as={AppLink} to="profile">
            <Icon name="user" size={18} className="me-2" />
            {t('nav.myProfile')}
          </Dropdown.Item>
        )}
        <Dropdown.Item as={AppLink} to="settings" data-testid="nav-settings">
          <Icon name="settings" size={18} className="me-2" />
          {t('nav.settings')}
        </Dropdown.Item>
        {routeExists('notifications') && (
          <Dropdown.Item as={AppLink} to="notifications" data-testid="nav-notifications">
            <BellIcon size={18} className="me-2" />
            {t('nav.notifications', { ns: 'notifications' })}
          </Dropdown.Item>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as="button" data-testid="logout" onClick={() => void onLogout()}>
          <Icon name="logout" size={18} className="me-2" />
          {t('nav.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
