import './legal.scss';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { formatPhone, phoneHref } from '../../shared/phone';
import { AppLink } from '../../shared/routing/AppLink';
import { PATHS } from '../../shared/routing/paths';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';

/** "Questions? We are here to help" with the site's support e-mail and phone. */
export function SupportCard({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  // On the FAQ itself a link to the FAQ would only lead back to the same page.
  const onFaq = useMatch(PATHS.faq) !== null;
  if (!settings) return null;
  return (
    <div className={`support-card ${className}`}>
      <p className="support-card__title">{t('support.title')}</p>
      <p className="support-card__text">{t('support.text')}</p>
      <ul className="list-unstyled mb-0 support-card__list">
        {settings.support_email && (
          <li>
            <Icon name="mail" size={18} />
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </li>
        )}
        {settings.support_phone && (
          <li>
            <Icon name="phone" size={18} />
            <a href={phoneHref(settings.support_phone)}>{formatPhone(settings.support_phone)}</a>
          </li>
        )}
        {!onFaq && (
          <li>
            <Icon name="sparkle" size={18} />
            <AppLink to="faq">{t('footer.faq')}</AppLink>
          </li>
        )}
      </ul>
    </div>
  );
}
