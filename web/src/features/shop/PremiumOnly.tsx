import './shop.scss';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';

/** What a free member sees in place of a premium-only feature, with the way to premium. */
export function PremiumOnly() {
  const { t } = useTranslation('shop');
  return (
    <section className="premium-only" data-testid="premium-only">
      <span className="premium-only__icon" aria-hidden="true">
        <Icon name="star" size={28} />
      </span>
      <p className="premium-only__text">{t('errors.premium_only')}</p>
      <AppLink to="premium" className="btn btn-primary rounded-pill px-4">
        {t('premiumOnly.link')}
      </AppLink>
    </section>
  );
}
