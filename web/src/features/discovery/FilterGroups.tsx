import { type ReactNode, type SyntheticEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../../shared/catalogs';
import { countryName } from '../../shared/site';
import { DISTANCES, GENDERS, ORDERS, type ExtraField, type SearchField, type SearchFilters } from './searchFilters';

/** What each group of filters is given: the filters, the way to change one, what is on offer. */
export interface FilterGroupProps {
  filters: SearchFilters;
  set: (field: SearchField | ExtraField) => (value: string) => void;
  fields: readonly SearchField[];
}

/** What a select does to wake its long list of options (useOptionsOnDemand). */
type Wake = Partial<Record<'onFocus' | 'onPointerDown' | 'onMouseDown' | 'onTouchStart' | 'onKeyDown', (event: SyntheticEvent) => void>>;

/**
 * Long lists of options (the countries, the ages) are drawn once the member reaches for
 * their select (focus, pointer, touch or key, before it opens); until then it holds only
 * the chosen option and looks the same. Drawn with the screen, some 200 options and the
 * countries' names (ICU's region names load on first use) were a long task of /members'
 * start on a phone (issue 36.5, Lighthouse's blocking time).
 */
function useOptionsOnDemand(): [boolean, Wake] {
  const [all, setAll] = useState(false);
  if (all) return [true, {}];
  const wake = () => setAll(true);
  return [false, { onFocus: wake, onPointerDown: wake, onMouseDown: wake, onTouchStart: wake, onKeyDown: wake }];
}

function Select({
  field,
  label,
  value,
  onValue,
  children,
  disabled,
  wake,
}: {
  field: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  wake?: Wake;
}) {
  const id = useId();
  return (
    <div className={`filter-bar__field filter-bar__field--${field}`}>
      <label htmlFor={id} className="form-label filter-bar__label">
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        disabled={disabled}
        data-testid={`filter-${field}`}
        {...wake}
      >
        {children}
      </select>
    </div>
  );
}

/** Whom and where: distance (a member with a position), gender, country and its regions. */
export function PlaceFilters({ filters, set, fields, countries, member, located }: FilterGroupProps & { countries: readonly string[]; member: boolean; located: boolean }) {
  const { t, i18n } = useTranslation('discovery');
  const [allCountries, wakeCountries] = useOptionsOnDemand();
  const countryOptions = useMemo(() => {
    const language = i18n.language;
    // Before the member reaches for the list: the chosen country alone (or none).
    if (!allCountries) return countries.filter((code) => code === filters.country).map((code) => ({ code, name: countryName(code, language) }));
    const order = new Intl.Collator(language); // ICU's collation loads on first use too
    return countries.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => order.compare(a.name, b.name));
  }, [allCountries, countries, filters.country, i18n.language]);
  return (
    <>
      {member && located && (
        <Select field="distance" label={t('filters.distance')} value={String(filters.distance ?? 'any')} onValue={set('distance')}>
          {DISTANCES.map((km) => (
            <option key={km} value={km}>
              {t('filters.withinKm', { km })}
            </option>
          ))}
          <option value="any">{t('filters.anyDistance')}</option>
        </Select>
      )}
      {fields.includes('gender') && (
        <Select field="gender" label={t('filters.gender')} value={filters.gender === 'any' ? '' : (filters.gender ?? '')} onValue={set('gender')}>
          <option value="">{t('filters.everyone')}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`filters.genders.${gender}`)}
            </option>
          ))}
        </Select>
      )}
      {fields.includes('country') && (
        <Select field="country" label={t('filters.country')} value={filters.country ?? ''} onValue={set('country')} wake={wakeCountries}>
          <option value="">{t('filters.anyCountry')}</option>
          {countryOptions.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
      )}
      {fields.includes('region') && <RegionFilter filters={filters} set={set} />}
    </>
  );
}

/** The country's regions, once loaded (and only with a country). */
function RegionFilter({ filters, set }: Omit<FilterGroupProps, 'fields'>) {
  const { t, i18n } = useTranslation('discovery');
  const { regions, failed } = useRegions(filters.country, i18n.language);
  return (
    <Select
      field="region"
      label={t('filters.region')}
      value={filters.countryregion ?? ''}
      onValue={set('region')}
      disabled={!filters.country || (!regions && !failed)}
    >
      <option value="" title={filters.country ? undefined : t('filters.regionNeedsCountry')}>
        {!filters.country
          ? t('filters.anyRegion')
          : failed
            ? t('filters.regionFailed')
            : regions
              ? t('filters.anyRegion')
              : t('filters.regionLoading')}
      </option>
      {filters.country &&
        regions?.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
    </Select>
  );
}

/** The youngest and oldest, from the site's ages. */
export function AgeFilters({ filters, set, fields, minAge: low, maxAge }: FilterGroupProps & { minAge: number; maxAge: number }) {
  const { t } = useTranslation('discovery');
  const [allAges, wakeAges] = useOptionsOnDemand();
  const ages = useMemo(() => Array.from({ length: maxAge - low + 1 }, (_, index) => low + index), [low, maxAge]);
  if (!fields.includes('min_age') && !fields.includes('max_age')) return null;
  // Before the member reaches for them: the chosen age alone (the first option is "any").
  const shown = (choices: number[], chosen: number | null | undefined) => (allAges ? choices : choices.filter((age) => age === chosen));
  return (
    <div className="filter-bar__ages">
      {fields.includes('min_age') && (
        <Select field="min_age" label={t('filters.minAge')} value={filters.min_age?.toString() ?? ''} onValue={set('min_age')} wake={wakeAges}>
          <option value="">{low}</option>
          {shown(ages.slice(1), filters.min_age).map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </Select>
      )}
      {fields.includes('max_age') && (
        <Select field="max_age" label={t('filters.maxAge')} value={filters.max_age?.toString() ?? ''} onValue={set('max_age')} wake={wakeAges}>
          <option value="">{`${maxAge}`}</option>
          {shown(ages.slice(0, -1), filters.max_age).map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}

/** A member's own choices: the order, whom (mutual or everyone), online now. */
export function MemberFilters({ filters, set, located, sharesOnline }: Omit<FilterGroupProps, 'fields'> & { located: boolean; sharesOnline: boolean }) {
  const { t } = useTranslation('discovery');
  const onlineId = useId();
  return (
    <>
        <Select field="order" label={t('filters.order')} value={filters.order ?? 'best'} onValue={set('order')}>
          {ORDERS.filter((order) => located || order !== 'nearest').map((order) => (
            <option key={order} value={order}>
              {t(`filters.orders.${order}`)}
            </option>
          ))}
        </Select>
        <Select field="everyone" label={t('filters.whom')} value={filters.everyone ? '1' : ''} onValue={set('everyone')}>
          <option value="">{t('filters.whomMutual')}</option>
          <option value="1">{t('filters.whomEveryone')}</option>
        </Select>
        <div className="filter-bar__field filter-bar__field--online form-check form-switch">
          <input
            id={onlineId}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={filters.online && sharesOnline}
            disabled={!sharesOnline}
            onChange={(event) => set('online')(event.target.checked ? '1' : '')}
            aria-describedby={sharesOnline ? undefined : `${onlineId}-hint`}
            data-testid="filter-online"
          />
          <label className="form-check-label" htmlFor={onlineId}>
            <span className="filter-bar__dot" aria-hidden="true" />
            {t('filters.online')}
          </label>
          {!sharesOnline && (
            <small id={`${onlineId}-hint`} className="filter-bar__hint">
              {t('filters.onlineHidden')}
            </small>
          )}
        </div>
    </>
  );
}
