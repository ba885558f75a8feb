import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/site';

/**
 * The honest small print under the footer: adults only, fictional profiles exist
 * and are marked, credits come in bundles without a subscription. A landmark of its own
 * (named), so that screen-reader users reach it like the rest of the page.
 */
export function Disclaimer() {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  if (!settings) return null;
  return (
    <aside className="disclaimer" aria-label={t('disclaimer.label')}>
      <div className="container">
        <p>
          <span className="disclaimer__age">{settings.min_age}+</span> {t('disclaimer.adults', { minAge: settings.min_age })}{' '}
          {settings.fictional_plural && (
            <>
              {t(settings.fictional_icon ? 'disclaimer.fictionalIcon' : 'disclaimer.fictional', {
                fictionalPlural: settings.fictional_plural,
                icon: settings.fictional_icon,
                siteName: settings.name,
              })}{' '}
            </>
          )}
          {t('disclaimer.credits')}
        </p>
      </div>
    </aside>
  );
}
