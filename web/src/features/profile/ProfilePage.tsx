import '../../styles/sheets/account.scss';
import '../../styles/sheets/profile.scss';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../../shared/routing/guard';
import type { EditableProfile, User } from '../../shared/api/types';
import { withProgress } from '../../shared/progress/progressStore';
import { PageHeader } from '../../shared/ui/PageHeader';
import type { FieldError } from '../account';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { TextField } from '../../shared/ui/fields';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { Section, SectionNav } from '../../shared/ui/sections';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../session';
import { BirthDateSelect } from '../signup/BirthDateSelect';
import { type Place, useGeo } from '../geo';
import { useSettings, useSiteSettings } from '../site';
import { usePageTitle } from '../title';
import { useProfileCatalogs } from './catalogStore';
import { PhotosSection } from './PhotosSection';
import { ProfileHero } from './ProfileHero';
import { profileApi } from './profileApi';
import {
  APPEARANCE,
  type AppearanceField,
  type Draft,
  GENDERS,
  type ProfileField,
  SEXUALITIES,
  type SectionName,
  changesOf,
  draftOf,
  mainImageOf,
  sectionErrors,
  toggleInterest,
  visibleSectionFields,
} from './profileLogic';

type Result = { ok: boolean; text: ReactNode } | null;

interface SectionProps {
  profile: EditableProfile;
  fields: ProfileField[];
  onSaved: (profile: EditableProfile) => void;
}

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

/** Draft, errors and save of one section (PUT /api/profile with this section's fields). */
function useSectionForm(section: SectionName, { profile, fields, onSaved }: SectionProps) {
  const { t } = useTranslation('profile');
  const { errorText, fieldText } = useErrorText();
  const { busy, run } = useBusy();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [result, setResult] = useState<Result>(null);

  const set = useCallback(<K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    setResult(null);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    void run(async () => {
      try {
        const saved = await profileApi.update(changesOf(draft, fields));
        setErrors({});
        setDraft(draftOf(saved));
        onSaved(saved);
        setResult({ ok: true, text: t('saved') });
      } catch (error) {
        const found = sectionErrors(error, fields);
        setErrors(found.fields);
        if (found.general) setResult({ ok: false, text: errorText(found.general) });
      }
    });
  };

  const error = (field: string) => fieldText(errors[field]);
  const saveButton = (
    <div className="settings-form__actions">
      <SubmitButton busy={busy} className="btn btn-primary rounded-pill px-4" testId={`profile-save-${section}`}>
        {t('save')}
      </SubmitButton>
    </div>
  );
  const resultAlert = result && (
    <FormAlert variant={result.ok ? 'success' : 'danger'} testId={`profile-result-${section}`}>
      {result.text}
    </FormAlert>
  );
  return { draft, set, submit, error, busy, saveButton, resultAlert };
}

/** The site's note under a field (settings.visible_profile_notes). */
function useNote() {
  const notes = useSettings((s) => s.settings?.visible_profile_notes);
  return (field: string) => notes?.[field] || undefined;
}

function SelectField({
  id,
  label,
  value,
  onValue,
  options,
  empty,
  error,
  hint,
  disabled,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: { value: string; label: string }[];
  empty?: string;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="account-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select form-select-lg${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        data-testid={testId}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
      {hint && !error && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}

function AboutSection(props: SectionProps) {
  const { t } = useTranslation('profile');
  const note = useNote();
  const { about_me_max: max } = useSiteSettings().limits;
  const { draft, set, submit, error, saveButton, resultAlert } = useSectionForm('about', props);
  const problem = error('about_me');
  const length = draft.about_me.length;
  return (
    <Section id="profile-about" icon="edit" title={t('about.title')} intro={t('about.intro')}>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('about.title')}>
        {resultAlert}
        <div className="account-field">
          <label htmlFor="profile-about-me" className="form-label">
            {t('about.label')}
          </label>
          <textarea
            id="profile-about-me"
            className={`form-control profile-about${problem ? ' is-invalid' : ''}`}
            rows={6}
            value={draft.about_me}
            maxLength={max}
            placeholder={t('about.placeholder')}
            onChange={(event) => set('about_me', event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby="profile-about-me-count"
            data-testid="profile-about-me"
          />
          {problem && <div className="invalid-feedback">{problem}</div>}
          <div className="profile-about__foot">
            <span className="form-text">{note('about_me') ?? t('about.hint')}</span>
            <span
              id="profile-about-me-count"
              className={`profile-counter${length >= max ? ' profile-counter--full' : ''}`}
              aria-live="polite"
            >
              {t('about.counter', { count: length, max })}
            </span>
          </div>
        </div>
        {saveButton}
      </form>
    </Section>
  );
}

function useCountryNames(countries: string[]) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = null;
    }
    return countries
      .map((code) => ({ value: code, label: names?.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [countries, i18n.language]);
}

/** Pre-fills country, region and city from the browser's position (spec section 7). */
function LocateButton({ countries, onPlace }: { countries: string[]; onPlace: (place: Place) => void }) {
  const { t } = useTranslation('profile');
  const { permission, watchPermission, locate } = useGeo();
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'outside'>('idle');
  useEffect(() => {
    void watchPermission();
  }, [watchPermission]);
  if (permission === 'unsupported') return null;
  const run = async () => {
    setState('busy');
    const place = await locate();
    if (!place) return setState('failed');
    if (countries.length > 0 && !countries.includes(place.country)) return setState('outside');
    onPlace(place);
    setState('idle');
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm rounded-pill"
        onClick={() => void run()}
        disabled={state === 'busy' || permission === 'denied'}
        data-testid="profile-locate"
      >
        <Icon name="mapPin" size={16} className="me-1" />
        {state === 'busy' ? t('basics.locating') : t('basics.locate')}
      </button>
      {permission === 'denied' && <span className="form-text">{t('basics.locateDenied')}</span>}
      {state === 'failed' && permission !== 'denied' && (
        <span className="form-text">{t('basics.locateFailed')}</span>
      )}
      {state === 'outside' && <span className="form-text">{t('basics.locateOutside')}</span>}
    </div>
  );
}

function BasicsSection(props: SectionProps) {
  const { t, i18n } = useTranslation('profile');
  const note = useNote();
  const settings = useSettings((s) => s.settings);
  const { limits } = useSiteSettings();
  const { draft, set, submit, error, saveButton, resultAlert } = useSectionForm('basics', props);
  const shown = (field: ProfileField) => props.fields.includes(field);
  const countries = useCountryNames(settings?.countries ?? []);
  const loadRegions = useProfileCatalogs((s) => s.loadRegions);
  const regions = useProfileCatalogs((s) => s.regions[`${draft.country}:${i18n.language}`]);
  const [regionsFailed, setRegionsFailed] = useState(false);
  const showRegion = shown('region') && Boolean(draft.country);

  useEffect(() => {
    if (!showRegion) return;
    setRegionsFailed(false);
    loadRegions(draft.country, i18n.language).catch(() => setRegionsFailed(true));
  }, [showRegion, draft.country, i18n.language, loadRegions]);

  const choices = (field: 'gender' | 'sexuality', values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`options.${field}.${value}`) }));

  return (
    <Section id="profile-basics" icon="user" title={t('basics.title')} intro={t('basics.intro')}>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('basics.title')}>
        {resultAlert}
        <TextField
          id="profile-name"
          label={t('fields.name')}
          value={draft.name}
          onValue={(value) => set('name', value)}
          error={error('name')}
          hint={note('name') ?? t('basics.nameHint')}
          maxLength={limits.name_max}
          autoComplete="nickname"
          data-testid="profile-name"
        />
        {(shown('gender') || shown('sexuality')) && (
          <div className="row g-3">
            {shown('gender') && (
              <div className="col-sm-6">
                <SelectField
                  id="profile-gender"
                  label={t('fields.gender')}
                  value={draft.gender}
                  onValue={(value) => set('gender', value)}
                  options={choices('gender', GENDERS)}
                  error={error('gender')}
                  hint={note('gender')}
                  testId="profile-gender"
                />
              </div>
            )}
            {shown('sexuality') && (
              <div className="col-sm-6">
                <SelectField
                  id="profile-sexuality"
                  label={t('fields.sexuality')}
                  value={draft.sexuality}
                  onValue={(value) => set('sexuality', value)}
                  options={choices('sexuality', SEXUALITIES)}
                  error={error('sexuality')}
                  hint={note('sexuality')}
                  testId="profile-sexuality"
                />
              </div>
            )}
          </div>
        )}
        {shown('birth_date') && (
          <div data-testid="profile-birth-date">
            <BirthDateSelect
              legend={t('fields.birth_date')}
              value={draft.birth_date}
              onValue={(value) => set('birth_date', value)}
              minAge={settings?.min_age ?? 18}
              error={error('birth_date')}
            />
            {note('birth_date') && <div className="form-text">{note('birth_date')}</div>}
          </div>
        )}
        {(shown('country') || showRegion) && (
          <div className="row g-3">
            {shown('country') && (
              <div className="col-sm-6">
                <SelectField
                  id="profile-country"
                  label={t('fields.country')}
                  value={draft.country}
                  onValue={(value) => {
                    set('country', value);
                    set('region', '');
                  }}
                  options={countries}
                  error={error('country')}
                  hint={note('country')}
                  testId="profile-country"
                />
              </div>
            )}
            {showRegion && (
              <div className="col-sm-6">
                <SelectField
                  id="profile-region"
                  label={t('fields.region')}
                  value={draft.region}
                  onValue={(value) => set('region', value)}
                  options={(regions ?? []).map((region) => ({ value: region.code, label: region.name }))}
                  empty={regions ? t('basics.regionNone') : t('basics.regionLoading')}
                  disabled={!regions}
                  error={error('region') ?? (regionsFailed ? t('basics.regionFailed') : null)}
                  hint={note('region')}
                  testId="profile-region"
                />
              </div>
            )}
          </div>
        )}
        {(shown('country') || shown('city')) && (
          <LocateButton
            countries={settings?.countries ?? []}
            onPlace={(place) => {
              if (shown('country')) {
                set('country', place.country);
                set('region', place.region ?? '');
              }
              if (shown('city') && place.city) set('city', place.city);
            }}
          />
        )}
        {shown('city') && (
          <TextField
            id="profile-city"
            label={t('fields.city')}
            value={draft.city}
            onValue={(value) => set('city', value)}
            error={error('city')}
            hint={note('city')}
            maxLength={limits.city_max}
            autoComplete="address-level2"
            data-testid="profile-city"
          />
        )}
        {saveButton}
      </form>
    </Section>
  );
}

function AppearanceSection(props: SectionProps) {
  const { t } = useTranslation('profile');
  const note = useNote();
  const { draft, set, submit, error, saveButton, resultAlert } = useSectionForm('appearance', props);
  const fields = props.fields as AppearanceField[];
  return (
    <Section id="profile-appearance" icon="sparkle" title={t('appearance.title')} intro={t('appearance.intro')}>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('appearance.title')}>
        {resultAlert}
        <div className="row g-3">
          {fields.map((field) => (
            <div key={field} className="col-sm-6">
              <SelectField
                id={`profile-${field}`}
                label={t(`fields.${field}`)}
                value={draft[field]}
                onValue={(value) => set(field, value)}
                options={APPEARANCE[field].map((value) => ({ value, label: t(`options.${field}.${value}`) }))}
                empty={t('appearance.preferNot')}
                error={error(field)}
                hint={note(field)}
                testId={`profile-${field}`}
              />
            </div>
          ))}
        </div>
        {saveButton}
      </form>
    </Section>
  );
}

function InterestsSection(props: SectionProps) {
  const { t } = useTranslation('profile');
  const note = useNote();
  const { errorText } = useErrorText();
  const { draft, set, submit, error, saveButton, resultAlert } = useSectionForm('interests', props);
  const max = useSiteSettings().limits.interests_max;
  const interests = useProfileCatalogs((s) => s.interests);
  const loadInterests = useProfileCatalogs((s) => s.loadInterests);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    loadInterests().catch((caught: unknown) => setLoadError(caught));
  }, [loadInterests]);

  const toggle = (key: string) => {
    const next = toggleInterest(draft.interests, key, max);
    setRefused(next.refused);
    if (!next.refused) set('interests', next.interests);
  };
  const count = draft.interests.length;
  const problem = error('interests');

  return (
    <Section id="profile-interests" icon="heart" title={t('interests.title')} intro={note('interests') ?? t('interests.intro', { max })}>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('interests.title')}>
        {resultAlert}
        <div className="profile-interests__head">
          <span className={`profile-counter${count >= max ? ' profile-counter--full' : ''}`} data-testid="profile-interests-count">
            {t('interests.counter', { count, max })}
          </span>
        </div>
        {loadError ? (
          <FormAlert>{errorText(loadError)}</FormAlert>
        ) : !interests ? (
          <div className="profile-interests__loading">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" /> {t('loading')}
          </div>
        ) : (
          <div className="profile-chips" role="group" aria-label={t('interests.title')}>
            {interests.map((key) => {
              const on = draft.interests.includes(key);
              return (
                <button
                  key={key}
                  type="button"
                  className={`profile-chip${on ? ' profile-chip--on' : ''}`}
                  aria-pressed={on}
                  onClick={() => toggle(key)}
                  data-testid={`profile-interest-${key}`}
                >
                  {on && <Icon name="check" size={16} />}
                  {t(`interest.${key}`, { defaultValue: key.replace(/_/g, ' ') })}
                </button>
              );
            })}
          </div>
        )}
        {(refused || problem) && (
          <div className="invalid-feedback d-block" role="alert" data-testid="profile-interests-error">
            {problem ?? t('interests.max', { max })}
          </div>
        )}
        {saveButton}
      </form>
    </Section>
  );
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
    setLoadError(null);
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
            <RetryAlert testId="profile-load-error" message={errorText(loadError)} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} />
          ) : (
            <div className="profile-loading" aria-busy="true">
              <span className="spinner-border text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('loading')}</span>
            </div>
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
