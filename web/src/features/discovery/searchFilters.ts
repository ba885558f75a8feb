/**
 * The search filters (spec section 3, Search state) and their place in the URL query,
 * so a reload or the back button shows the same search. Only the site's
 * settings.search_fields are offered; anything else in the query is ignored.
 */
import type { operations } from '../../shared/api/schema';

export const SEARCH_FIELDS = ['gender', 'country', 'region', 'min_age', 'max_age'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
/** Both genders, by the member's choice (issue 19.1). */
export const ANY_GENDER = 'any';
export const MAX_PAGE = 500;

/**
 * The member's chosen filters. None chosen (the empty query, NO_FILTERS): the server
 * starts from what the member's profile seeks and says which filters it applied
 * (`filtersOfAnswer`); "Everyone" is then a choice of its own, gender=any.
 */
export interface SearchFilters {
  gender: Gender | typeof ANY_GENDER | null;
  country: string | null;
  countryregion: string | null;
  min_age: number | null;
  max_age: number | null;
}

export const NO_FILTERS: SearchFilters = { gender: null, country: null, countryregion: null, min_age: null, max_age: null };

export interface FilterContext {
  /** settings.search_fields */
  fields: readonly string[];
  /** settings.countries */
  countries: readonly string[];
  /** The ages search takes: settings.min_age (the site's, 18 or more) to settings.max_age. */
  minAge: number;
  maxAge: number;
}

/** The filters this site offers, in display order; a region needs the country filter too. */
export function offeredFields(fields: readonly string[]): SearchField[] {
  return SEARCH_FIELDS.filter((field) => fields.includes(field) && (field !== 'region' || fields.includes('country')));
}

function age(value: string | null, low: number, high: number): number | null {
  if (!value || !/^\d{1,3}$/.test(value)) return null;
  const number = Number(value);
  return number >= low && number <= high ? number : null;
}

/** The filters and page of a URL query; unknown, unoffered or invalid values are left out. */
export function filtersFromQuery(search: string | URLSearchParams, context: FilterContext): { filters: SearchFilters; page: number } {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const offered = offeredFields(context.fields);
  const { minAge: low, maxAge: high } = context;
  const filters: SearchFilters = { ...NO_FILTERS };

  const gender = query.get('gender');
  if (gender === ANY_GENDER) filters.gender = ANY_GENDER;
  else if (offered.includes('gender') && (GENDERS as readonly string[]).includes(gender ?? '')) filters.gender = gender as Gender;
  const country = query.get('country')?.toUpperCase() ?? null;
  if (offered.includes('country') && country && context.countries.includes(country)) filters.country = country;
  const region = query.get('region');
  if (offered.includes('region') && filters.country && region && /^[A-Za-z0-9-]{1,10}$/.test(region)) {
    filters.countryregion = region;
  }
  if (offered.includes('min_age')) filters.min_age = age(query.get('min_age'), low, high);
  if (offered.includes('max_age')) filters.max_age = age(query.get('max_age'), low, high);
  if (filters.min_age !== null && filters.max_age !== null && filters.min_age > filters.max_age) {
    [filters.min_age, filters.max_age] = [filters.max_age, filters.min_age];
  }
  // The bounds themselves filter nothing.
  if (filters.min_age === low) filters.min_age = null;
  if (filters.max_age === high) filters.max_age = null;

  const pageText = query.get('page');
  const page = pageText && /^\d{1,6}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  return { filters, page };
}

/** The URL query of filters and page (page 1 and empty filters are left out). */
export function filtersToQuery(filters: SearchFilters, page = 1): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.gender) query.set('gender', filters.gender);
  if (filters.country) query.set('country', filters.country);
  if (filters.country && filters.countryregion) query.set('region', filters.countryregion);
  if (filters.min_age !== null) query.set('min_age', String(filters.min_age));
  if (filters.max_age !== null) query.set('max_age', String(filters.max_age));
  if (page > 1) query.set('page', String(page));
  return query;
}

type MembersQuery = NonNullable<operations['searchMembers']['parameters']['query']>;

/** The filter parameters of GET /api/members. */
export function filtersToApiQuery(filters: SearchFilters): MembersQuery {
  return {
    gender: filters.gender ?? undefined,
    country: filters.country ?? undefined,
    region: (filters.country && filters.countryregion) || undefined,
    min_age: filters.min_age ?? undefined,
    max_age: filters.max_age ?? undefined,
  };
}

/** A key that changes whenever a filter changes: the cache of result pages belongs to it. */
export function filtersKey(filters: SearchFilters): string {
  return filtersToQuery(filters).toString();
}

/** Filters after changing one; a new country drops the region, ages stay in order. */
export function changeFilter(filters: SearchFilters, field: SearchField, value: string): SearchFilters {
  const next = { ...filters };
  switch (field) {
    case 'gender':
      next.gender = (GENDERS as readonly string[]).includes(value) ? (value as Gender) : ANY_GENDER;
      break;
    case 'country':
      next.country = value || null;
      if (next.country !== filters.country) next.countryregion = null;
      break;
    case 'region':
      next.countryregion = value || null;
      break;
    case 'min_age':
      next.min_age = value ? Number(value) : null;
      if (next.min_age !== null && next.max_age !== null && next.max_age < next.min_age) next.max_age = next.min_age;
      break;
    case 'max_age':
      next.max_age = value ? Number(value) : null;
      if (next.min_age !== null && next.max_age !== null && next.min_age > next.max_age) next.min_age = next.max_age;
      break;
  }
  return next;
}

/** The filters the server applied (`filters` of GET /api/members), as the filter bar shows them. */
export function filtersOfAnswer(
  applied: { gender: string | null; country: string | null; region: string | null; min_age: number; max_age: number },
  context: Pick<FilterContext, 'minAge' | 'maxAge'>,
): SearchFilters {
  return {
    gender: (GENDERS as readonly string[]).includes(applied.gender ?? '') ? (applied.gender as Gender) : ANY_GENDER,
    country: applied.country,
    countryregion: applied.country ? applied.region : null,
    min_age: applied.min_age > context.minAge ? applied.min_age : null,
    max_age: applied.max_age < context.maxAge ? applied.max_age : null,
  };
}

/** "Clear filters": everyone, by choice (an empty query would bring the member's defaults back). */
export const CLEARED: SearchFilters = { ...NO_FILTERS, gender: ANY_GENDER };

export function hasFilters(filters: SearchFilters): boolean {
  return filtersKey(filters) !== '';
}
