import '../../shared/ui/account.scss';
import './profile.scss';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { EditableProfile, User } from '../../shared/api/types';
import { withProgress } from '../../shared/progress/progressStore';
import { loginPath } from '../../shared/routing/guard';
import { BusyState } from '../../shared/ui/BusyState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RetryAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import type { IconName } from '../../shared/ui/icons';
import { SectionNav } from '../../shared/ui/sections';
import { useSession } from '../../shared/session';
import { useSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { BasicsSection } from './BasicsSection';
import { PhotosSection } from './PhotosSection';
import { ProfileHero } from './ProfileHero';
import { AboutSection, AppearanceSection, InterestsSection } from './ProfileSections';
import { profileApi } from './profileApi';
import { type ProfileField, type SectionName, mainImageOf, visibleSectionFields } from './profileLogic';

/** The member in the session follows the saved profile (name in the top navigation). */
function syncSession(user: User | null, profile: EditableProfile): User | null {
  if (!user) return null;
  return {
    ...user,
    profile: {
      ...user.profile,
      name: profile.name,
      gender: profile.gender,
      sexuality: profile.sexuality,
      birth_date: profile.birth_date,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      main_image: mainImageOf(profile),
    },
  };
}

const NAV: [string, IconName, string][] = [
  ['profile-photos', 'photo', 'photos.title'],
  ['profile-about', 'edit', 'about.title'],
  ['profile-basics', 'user', 'basics.title'],
  ['profile-appearance', 'sparkle', 'appearance.title'],
  ['profile-interests', 'heart', 'interests.title'],
];

/** /profile: the member's own profile, edited section by section. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { errorText } = useErrorText();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const visible = useSettings((s) => s.settings?.visible_profile_fields) ?? [];
  const [profile, setProfile] = useState<EditableProfile | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  usePageTitle(t('title'));

  useEffect(() => {
    let current = true;
    withProgress(profileApi.get()).then(
      (loaded) => current && setProfile(loaded),
      (error: unknown) => current && setLoadError(error),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const saved = useCallback((next: EditableProfile) => {
    setProfile(next);
    const session = useSession.getState();
    const synced = syncSession(session.user, next);
    if (synced) session.setUser(synced);
  }, []);

  // The session can end while the page is open (another tab logged out).
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  const sections: Record<SectionName, ProfileField[]> = {
    about: visibleSectionFields('about', visible),
    basics: visibleSectionFields('basics', visible),
    appearance: visibleSectionFields('appearance', visible),
    interests: visibleSectionFields('interests', visible),
  };
  const nav = NAV.filter(([id]) => {
    const name = id.replace('profile-', '');
    return name === 'photos' || sections[name as SectionName].length > 0;
  });

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="container settings profile">
        {!profile ? (
          loadError ? (
            <RetryAlert testId="profile-load-error" message={errorText(loadError)} retryLabel={t('retry')} onRetry={() => {
                setLoadError(null);
                setAttempt((n) => n + 1);
              }} />
          ) : (
            <BusyState className="profile-loading" label={t('loading')} />
          )
        ) : (
          <div className="row g-4 g-lg-5">
            <SectionNav label={t('title')} sections={nav.map(([id, icon, title]) => [id, icon, t(title)])} />
            <div className="col-lg-9 d-grid gap-4">
              <ProfileHero profile={profile} visible={visible} />
              <PhotosSection profile={profile} paidUser={user.paid_user} onChange={saved} />
              <AboutSection key={`about-${profile.id}`} profile={profile} fields={sections.about} onSaved={saved} />
              {sections.basics.length > 0 && (
                <BasicsSection key={`basics-${profile.id}`} profile={profile} fields={sections.basics} onSaved={saved} />
              )}
              {sections.appearance.length > 0 && (
                <AppearanceSection key={`appearance-${profile.id}`} profile={profile} fields={sections.appearance} onSaved={saved} />
              )}
              {sections.interests.length > 0 && (
                <InterestsSection key={`interests-${profile.id}`} profile={profile} fields={sections.interests} onSaved={saved} />
              )}
            </div>
          </div>
        )}
      </div>
    </>
  );
}
