import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../shared/ui/fields';
import { Icon } from '../../shared/ui/icons';
import { useGeo } from '../../shared/geo';
import { useProfileCatalogs } from '../../shared/catalogs';
import { countryName } from '../../shared/site';

export interface PlaceValue {
  country: string;
  region: string;
  city: string;
}

type Finding = 'idle' | 'busy' | 'failed' | 'elsewhere';

/** "Use my location": asks the browser, then fills in the place if the site serves its country. */
function useFillFromLocation(countries: readonly string[], onChange: (next: Partial<PlaceValue>) => void) {
  const locate = useGeo((s) => s.locate);
  const [finding, setFinding] = useState<Finding>('idle');
  const fill = async () => {
    setFinding('busy');
    const place = await locate();
    if (!place) return setFinding('failed');
    if (!countries.includes(place.country)) return setFinding('elsewhere');
    onChange({ country: place.country, region: place.region ?? '', city: place.city ?? '' });
    setFinding('idle');
  };
  return { finding, fill };
}

/** The country's regions, loaded when the country or the language changes. */
function useRegions(country: string) {
  const { i18n } = useTranslation('account');
  const regions = useProfileCatalogs((s) => (country ? s.regions[`${country}:${i18n.language}`] : undefined));
  const loadRegions = useProfileCatalogs((s) => s.loadRegions);
  useEffect(() => {
    if (country) loadRegions(country, i18n.language).catch(() => undefined);
  }, [country, i18n.language, loadRegions]);
  return regions;
}

/** The location button, with a word when the position gave nothing or a country the site does not serve. */
function LocateButton({ finding, onLocate }: { finding: Finding; onLocate: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div>
      <button type="button" className="btn btn-outline-primary rounded-pill px-3" onClick={onLocate} disabled={finding === 'busy'} data-testid="signup-locate">
        {finding === 'busy' ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="mapPin" size={18} className="me-2" />}
        {t('signup.steps.place.locate')}
      </button>
      {finding === 'failed' && (
        <p className="small text-body-secondary mt-2 mb-0" role="status" data-testid="signup-locate-failed">
          {t('signup.steps.place.locateFailed')}
        </p>
      )}
      {finding === 'elsewhere' && (
        <p className="small text-body-secondary mt-2 mb-0" role="status" data-testid="signup-locate-elsewhere">
          {t('signup.steps.place.locateElsewhere')}
        </p>
      )}
    </div>
  );
}

interface PlaceFieldsProps {
  value: PlaceValue;
  countries: readonly string[];
  onChange: (next: Partial<PlaceValue>) => void;
  errors: { country?: string | null; region?: string | null; city?: string | null };
}

/** Country, region (once the country's regions are in) and city; a new country clears the region. */
function PlaceFields({ value, countries, onChange, errors }: PlaceFieldsProps) {
  const { t, i18n } = useTranslation('account');
  const ids = { country: useId(), region: useId() };
  const regions = useRegions(value.country);
  const countryOptions = useMemo(
    () =>
      countries
        .map((code) => ({ value: code, label: countryName(code, i18n.language) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [countries, i18n.language],
  );
  return (
    <>
      <SelectField
        id={ids.country}
        label={t('signup.steps.place.country')}
        value={value.country}
        onValue={(country) => onChange({ country, region: '' })}
        options={countryOptions}
        empty={t('signup.steps.place.chooseCountry')}
        error={errors.country}
        testId="signup-country"
        autoComplete="country"
      />
      <SelectField
        id={ids.region}
        label={t('signup.steps.place.region')}
        value={value.region}
        onValue={(region) => onChange({ region })}
        options={(regions ?? []).map((region) => ({ value: region.code, label: region.name }))}
        empty={t('signup.steps.place.chooseRegion')}
        error={errors.region}
        disabled={!value.country || !regions}
        testId="signup-region"
      />
      <TextField
        label={t('signup.steps.place.city')}
        value={value.city}
        onValue={(city) => onChange({ city })}
        error={errors.city}
        hint={t('signup.steps.place.cityHint')}
        autoComplete="address-level2"
        maxLength={100}
        data-testid="signup-city"
      />
    </>
  );
}

/**
 * Where the new member lives (issue 19.2): asked, never guessed from the address the
 * request came from. "Use my location" asks the browser and fills in the country, region
 * and city the site's own place data gives (GET /api/geocode); the member can change them.
 */
export function PlaceStep(props: PlaceFieldsProps) {
  const supported = useGeo((s) => s.permission !== 'unsupported');
  const { finding, fill } = useFillFromLocation(props.countries, props.onChange);
  return (
    <div className="d-grid gap-3" data-testid="signup-place">
      {supported && <LocateButton finding={finding} onLocate={() => void fill()} />}
      <PlaceFields {...props} />
    </div>
  );
}
