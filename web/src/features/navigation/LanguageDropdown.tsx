import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../shared/i18n/languages';
import { useSettings } from '../../shared/site';
import { DeferredMenu } from './DeferredMenu';
import { Icon } from '../../shared/ui/icons';

/** The site's languages; shown only when the site offers more than one. */
export function LanguageDropdown({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t, i18n } = useTranslation();
  const locales = useSettings((s) => s.settings?.locales ?? []).filter(isLanguage);
  if (locales.length <= 1) return null;
  const current = isLanguage(i18n.language) ? i18n.language : null;
  return (
    <DeferredMenu
      label={t('nav.language')}
      toggleClassName="nav-pill language-toggle"
      toggle={
        <>
          <Icon name="globe" size={18} />
          <span className="text-uppercase">{current}</span>
        </>
      }
      menu={(menus, openAtOnce) => (
        <menus.LanguageMenu align={align} locales={locales} current={current} defaultShow={openAtOnce} />
      )}
    />
  );
}
