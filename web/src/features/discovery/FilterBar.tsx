import './discovery.scss';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { useRegions } from '../../shared/catalogs';
import { countryName } from '../../shared/site';
import {
  DISTANCES,
  GENDERS,
  ORDERS,
  type ExtraField,
  type SearchField,
  type SearchFilters,
  changeFilter,
  cleared,
  filtersKey,
  hasFilters,
} from './searchFilters';

interface FilterBarProps {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  /** The filters this site offers (offeredFields of settings.search_fields). */
  fields: readonly SearchField[];
  countries: readonly string[];
  /** The ages on offer: settings.min_age to settings.max_age. */
  minAge: number;
  maxAge: number;
  /** A member searches (not a visitor): order, "online now" and "Everyone" are theirs. */
  member?: boolean;
  /** The member's place has a position: distances and nearest first are on offer. */
  located?: boolean;
  /** The member shows their own online status (quiet mode is reciprocal). */
  sharesOnline?: boolean;
  /** On phones the bar is the screen's compact header: the page title beside the toggle. */
  heading?: ReactNode;
}

function Select({
  field,
  label,
  value,
  onValue,
  children,
  disabled,
}: {
  field: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
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
      >
        {children}
      </select>
    </div>
  );
}

/** The search filters; on phones they fold away behind a button beside the page title. */
export function FilterBar({ filters, onChange, fields, countries, minAge: low, maxAge, member = false, located = false, sharesOnline = true, heading }: FilterBarProps) {
  const { t, i18n } = useTranslation('discovery');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { regions, failed } = useRegions(fields.includes('region') ? filters.country : null, i18n.language);
  const ages = useMemo(() => Array.from({ length: maxAge - low + 1 }, (_, index) => low + index), [low, maxAge]);
  const countryOptions = useMemo(
    () =>
      countries
        .map((code) => ({ code, name: countryName(code, i18n.language) }))
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [countries, i18n.language],
  );
  const onlineId = useId();
  if (fields.length === 0 && !member) return null;

  const set = (field: SearchField | ExtraField) => (value: string) => onChange(changeFilter(filters, field, value));
  const active = [
    filters.gender === 'any' ? null : filters.gender,
    filters.country,
    filters.min_age,
    filters.max_age,
    located && filters.distance !== 'any' ? filters.distance : null,
    filters.online || null,
    filters.everyone || null,
  ].filter((v) => v !== null).length;
  const reset = cleared(filters);

  return (
    <section className="filter-bar" aria-label={t('filters.title')} data-testid="filter-bar">
      <div className="filter-bar__head d-md-none">
        {heading}
        <button
          type="button"
          className="btn filter-bar__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          data-testid="filter-toggle"
        >
          <Icon name="search" size={18} />
          {/* Short beside the title; the button says open or closed as it is expanded. */}
          <span title={open ? t('filters.hide') : t('filters.show')}>{t('filters.title')}</span>
          {active > 0 && <span className="badge rounded-pill text-bg-primary">{active}</span>}
          <Icon name="chevronDown" size={18} className={`filter-bar__chevron${open ? ' is-open' : ''}`} />
        </button>
      </div>
      <div id={panelId} className={`filter-bar__fields${open ? ' is-open' : ''}`}>
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
          <Select field="country" label={t('filters.country')} value={filters.country ?? ''} onValue={set('country')}>
            <option value="">{t('filters.anyCountry')}</option>
            {countryOptions.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Select>
        )}
        {fields.includes('region') && (
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
        )}
        {(fields.includes('min_age') || fields.includes('max_age')) && (
          <div className="filter-bar__ages">
            {fields.includes('min_age') && (
              <Select field="min_age" label={t('filters.minAge')} value={filters.min_age?.toString() ?? ''} onValue={set('min_age')}>
                <option value="">{low}</option>
                {ages.slice(1).map((age) => (
                  <option key={age} value={age}>
                    {age}
                  </option>
                ))}
              </Select>
            )}
            {fields.includes('max_age') && (
              <Select field="max_age" label={t('filters.maxAge')} value={filters.max_age?.toString() ?? ''} onValue={set('max_age')}>
                <option value="">{`${maxAge}`}</option>
                {ages.slice(0, -1).map((age) => (
                  <option key={age} value={age}>
                    {age}
                  </option>
                ))}
              </Select>
            )}
          </div>
        )}
        {member && (
          <Select field="order" label={t('filters.order')} value={filters.order ?? 'best'} onValue={set('order')}>
            {ORDERS.filter((order) => located || order !== 'nearest').map((order) => (
              <option key={order} value={order}>
                {t(`filters.orders.${order}`)}
              </option>
            ))}
          </Select>
        )}
        {member && (
          <Select field="everyone" label={t('filters.whom')} value={filters.everyone ? '1' : ''} onValue={set('everyone')}>
            <option value="">{t('filters.whomMutual')}</option>
            <option value="1">{t('filters.whomEveryone')}</option>
          </Select>
        )}
        {member && (
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
        )}
        {hasFilters(filters) && filtersKey(filters) !== filtersKey(reset) && (
          <button type="button" className="btn btn-link filter-bar__reset" onClick={() => onChange(reset)} data-testid="filter-reset">
            {t('filters.reset')}
          </button>
        )}
      </div>
    </section>
  );
}
