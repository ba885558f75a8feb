import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/ui/alerts';
import { SelectField } from '../../shared/ui/fields';
import { useErrorText } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { Section } from '../../shared/ui/sections';
import { useSiteSettings } from '../../shared/site';
import { useProfileCatalogs } from '../../shared/catalogs/catalogStore';
import { APPEARANCE, type AppearanceField } from './profileLogic';
import { toggleInterest } from '../../shared/catalogs';
import { FlaggedTextNote } from './ProfileTextNudge';
import { type SectionProps, useNote, useSectionForm } from './sectionForm';

/** About me: a free text with its counter. */
export function AboutSection(props: SectionProps) {
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
          <FlaggedTextNote field="about" reasons={props.profile.text_flags.about} />
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

/** Looks: the appearance choices the site shows. */
export function AppearanceSection(props: SectionProps) {
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

/** Interests: chips to switch on and off, at most the site's number. */
export function InterestsSection(props: SectionProps) {
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
