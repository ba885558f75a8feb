import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../shared/ui/fields';
import { Icon } from '../../shared/ui/icons';
import { type Place, useGeo } from '../../shared/geo';
import { BirthDateSelect } from '../../shared/ui/BirthDateSelect';
import { useSettings, useSiteSettings } from '../../shared/site';
import { useRegions } from '../../shared/catalogs/useRegions';
import { GENDERS, type ProfileField, SEXUALITIES } from './profileLogic';
import { FlaggedTextNote } from './ProfileTextNudge';
import { type SectionProps, useNote, useSectionForm } from './sectionForm';

/** What the basics' field groups are given: the section's props and its form. */
export interface BasicsProps {
  props: SectionProps;
  form: ReturnType<typeof useSectionForm>;
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

/** The choices shown as a pair of selects, side by side from small screens up. */
const SIDE_BY_SIDE = ['gender', 'sexuality'] as const;

/** Who: name, gender and sexuality, birth date. */
export function PersonFields({ props, form: { draft, set, error } }: BasicsProps) {
  const { t } = useTranslation('profile');
  const note = useNote();
  const settings = useSettings((s) => s.settings);
  const { limits } = useSiteSettings();
  const shown = (field: ProfileField) => props.fields.includes(field);
  const choices = (field: 'gender' | 'sexuality', values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`options.${field}.${value}`) }));
  return (
    <>
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
      <FlaggedTextNote field="name" reasons={props.profile.text_flags.name} />
      {SIDE_BY_SIDE.some(shown) && (
        <div className="row g-3">
          {SIDE_BY_SIDE.filter(shown).map((field) => (
            <div key={field} className="col-sm-6">
              <SelectField
                id={`profile-${field}`}
                label={t(`fields.${field}`)}
                value={draft[field]}
                onValue={(value) => set(field, value)}
                options={choices(field, field === 'gender' ? GENDERS : SEXUALITIES)}
                error={error(field)}
                hint={note(field)}
                testId={`profile-${field}`}
              />
            </div>
          ))}
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
    </>
  );
}

/** Where: country and region, from the browser's position if asked, and city. */
export function PlaceFields({ props, form: { draft, set, error } }: BasicsProps) {
  const { t } = useTranslation('profile');
  const note = useNote();
  const settings = useSettings((s) => s.settings);
  const { limits } = useSiteSettings();
  const shown = (field: ProfileField) => props.fields.includes(field);
  const showRegion = shown('region') && Boolean(draft.country);
  const onPlace = (place: Place) => {
    if (shown('country')) {
      set('country', place.country);
      set('region', place.region ?? '');
    }
    if (shown('city') && place.city) set('city', place.city);
  };
  return (
    <>
      {(shown('country') || showRegion) && (
        <div className="row g-3">
          {shown('country') && <CountryField form={{ draft, set, error }} />}
          {showRegion && <RegionField form={{ draft, set, error }} />}
        </div>
      )}
      {(shown('country') || shown('city')) && <LocateButton countries={settings?.countries ?? []} onPlace={onPlace} />}
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
    </>
  );
}

type PlaceFieldProps = { form: Pick<BasicsProps['form'], 'draft' | 'set' | 'error'> };

function CountryField({ form: { draft, set, error } }: PlaceFieldProps) {
  const { t } = useTranslation('profile');
  const note = useNote();
  const settings = useSettings((s) => s.settings);
  const countries = useCountryNames(settings?.countries ?? []);
  return (
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
  );
}

function RegionField({ form: { draft, set, error } }: PlaceFieldProps) {
  const { t, i18n } = useTranslation('profile');
  const note = useNote();
  const { regions, failed: regionsFailed } = useRegions(draft.country, i18n.language);
  return (
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
  );
}
