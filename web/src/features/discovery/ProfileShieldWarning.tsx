/**
 * The scam shield on a profile (issue 31.2): its name or about text asks to move off the
 * site or for money, and its member saved it despite the nudge. Visitors are told what
 * that means, with the way to the safety page and to reporting the profile; the member
 * sees that their visitors are warned, with the way to the editor.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { shieldGroups } from '../../shared/shield';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';

export function ProfileShieldWarning({ memberId, flags, own }: { memberId: number; flags: readonly string[]; own: boolean }) {
  const { t } = useTranslation('discovery');
  const site = useSettings((s) => s.settings?.name ?? 'Amora');
  const groups = shieldGroups(flags);
  if (groups.length === 0) return null;
  if (own) {
    return (
      <p className="profile-shield profile-shield--own" data-testid="profile-shield-own">
        <Icon name="shield" size={18} className="profile-shield__own-icon" />
        <span>
          {t('profile.shield.own')}{' '}
          <AppLink to="profile" className="fw-semibold">
            {t('profile.shield.ownEdit')}
          </AppLink>
        </span>
      </p>
    );
  }
  return (
    <div className="profile-shield" role="note" aria-label={t('profile.shield.label')} data-testid="profile-shield-warning" data-groups={groups.join(' ')}>
      <span className="profile-shield__icon" aria-hidden="true">
        <Icon name="shield" size={20} />
      </span>
      <div className="profile-shield__body">
        {groups.map((group) => (
          <p key={group} className="profile-shield__text" data-group={group}>
            <strong>{t(`profile.shield.${group}.title`, { site })}</strong> {t(`profile.shield.${group}.text`, { site })}
          </p>
        ))}
        <div className="profile-shield__actions">
          <AppLink to="safety" className="profile-shield__link" data-testid="profile-shield-safety">
            {t('profile.shield.safety')}
          </AppLink>
          <AppLink to="complaints" suffix={`?member=${memberId}`} className="profile-shield__link" data-testid="profile-shield-report">
            {t('profile.shield.report')}
          </AppLink>
        </div>
      </div>
    </div>
  );
}
