import './discovery.scss';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { type ExtraField, type SearchField, type SearchFilters, changeFilter, cleared, filtersKey, hasFilters } from './searchFilters';
import { AgeFilters, MemberFilters, PlaceFilters } from './FilterGroups';

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

/** How many filters are set: the badge on the phones' toggle. */
function activeCount(filters: SearchFilters, located: boolean) {
  return [
    filters.gender === 'any' ? null : filters.gender,
    filters.country,
    filters.min_age,
    filters.max_age,
    located && filters.distance !== 'any' ? filters.distance : null,
    filters.online || null,
    filters.everyone || null,
  ].filter((v) => v !== null).length;
}

/** The search filters; on phones they fold away behind a button beside the page title. */
export function FilterBar({ filters, onChange, fields, countries, minAge, maxAge, member = false, located = false, sharesOnline = true, heading }: FilterBarProps) {
  const { t } = useTranslation('discovery');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (fields.length === 0 && !member) return null;

  const set = (field: SearchField | ExtraField) => (value: string) => onChange(changeFilter(filters, field, value));
  const active = activeCount(filters, located);
  const reset = cleared(filters);
  const group = { filters, set, fields };

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
        <PlaceFilters {...group} countries={countries} member={member} located={located} />
        <AgeFilters {...group} minAge={minAge} maxAge={maxAge} />
        {member && <MemberFilters filters={filters} set={set} located={located} sharesOnline={sharesOnline} />}
        {hasFilters(filters) && filtersKey(filters) !== filtersKey(reset) && (
          <button type="button" className="btn btn-link filter-bar__reset" onClick={() => onChange(reset)} data-testid="filter-reset">
            {t('filters.reset')}
          </button>
        )}
      </div>
    </section>
  );
}
