import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES, isLanguage } from '../../shared/i18n/languages';
import { changeLanguage } from '../site/language';
import { useSettings } from '../site/settingsStore';
import { Icon } from './icons';

/** The site's languages; shown only when the site offers more than one. */
export function LanguageDropdown({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t, i18n } = useTranslation();
  const locales = useSettings((s) => s.settings?.locales ?? []).filter(isLanguage);
  if (locales.length <= 1) return null;
  const current = isLanguage(i18n.language) ? i18n.language : null;
  return (
    <Dropdown align={align} onSelect={(key) => isLanguage(key) && void changeLanguage(key)}>
      <Dropdown.Toggle variant="link" className="nav-pill language-toggle" aria-label={t('nav.language')}>
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
