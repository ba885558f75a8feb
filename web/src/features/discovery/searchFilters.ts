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
/** The pages a search opens by their number; past them a page opens from the page before
 *  it, by that page's cursor (`after`, its `next`): the server's rule (issue 36.2). */
export const NUMBERED_PAGES = 3;
/** The radii a search offers (km, issue 29.2); 'any': anywhere, by choice. */
export const DISTANCES = [10, 25, 50, 100, 250] as const;
export type Distance = (typeof DISTANCES)[number] | 'any';
/** How results come: best match (the server's default), nearest or newest first. */
export const ORDERS = ['best', 'nearest', 'newest'] as const;
export type Order = (typeof ORDERS)[number];
/** The member's own choices beside the site's filters (issue 29). */
export type ExtraField = 'distance' | 'order' | 'online' | 'everyone';

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
  /** Within so many km of the member's place; null: the server's default (near them). */
  distance: Distance | null;
  /** Not a filter: the defaults stay whatever the order. null: best match. */
  order: Order | null;
  /** Only members online now. */
  online: boolean;
  /** The two-way rule off: also members who are not looking for someone like me. */
  everyone: boolean;
}

export const NO_FILTERS: SearchFilters = {
  gender: null,
  country: null,
  countryregion: null,
  min_age: null,
  max_age: null,
  distance: null,
  order: null,
  online: false,
  everyone: false,
};

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

/** The filters, page and cursor of a URL query; unknown, unoffered or invalid values are left out. */
export function filtersFromQuery(
  search: string | URLSearchParams,
  context: FilterContext,
): { filters: SearchFilters; page: number; after: number | undefined } {
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

  const distance = query.get('distance');
  if (distance === 'any') filters.distance = 'any';
  else if ((DISTANCES as readonly number[]).includes(Number(distance)) && /^\d+$/.test(distance ?? '')) filters.distance = Number(distance) as Distance;
  const order = query.get('order');
  if ((ORDERS as readonly string[]).includes(order ?? '') && order !== 'best') filters.order = order as Order;
  filters.online = query.get('online') === '1';
  filters.everyone = query.get('everyone') === '1';

  const pageText = query.get('page');
  const page = pageText && /^\d{1,6}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  // The cursor that opens a page past the numbered ones (the page before's `next`).
  const afterText = query.get('after');
  const after = page > NUMBERED_PAGES && afterText && /^[1-9]\d{0,14}$/.test(afterText) ? Number(afterText) : undefined;
  return { filters, page, after };
}

/** The URL query of filters and page (page 1 and empty filters are left out); a page past
 *  the numbered ones carries its cursor, so a reload or a shared link opens the same page. */
export function filtersToQuery(filters: SearchFilters, page = 1, after?: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.gender) query.set('gender', filters.gender);
  if (filters.country) query.set('country', filters.country);
  if (filters.country && filters.countryregion) query.set('region', filters.countryregion);
  if (filters.min_age !== null) query.set('min_age', String(filters.min_age));
  if (filters.max_age !== null) query.set('max_age', String(filters.max_age));
  if (filters.distance !== null) query.set('distance', String(filters.distance));
  if (filters.online) query.set('online', '1');
  if (filters.everyone) query.set('everyone', '1');
  if (filters.order && filters.order !== 'best') query.set('order', filters.order);
  if (page > 1) query.set('page', String(page));
  if (page > NUMBERED_PAGES && after !== undefined) query.set('after', String(after));
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
    distance: filters.distance === null ? undefined : (String(filters.distance) as MembersQuery['distance']),
    order: filters.order ?? undefined,
    online: filters.online ? '1' : undefined,
    everyone: filters.everyone ? '1' : undefined,
  };
}

/** A key that changes whenever a filter changes: the cache of result pages belongs to it. */
export function filtersKey(filters: SearchFilters): string {
  return filtersToQuery(filters).toString();
}

/** Filters after changing one; a new country drops the region, ages stay in order. */
export function changeFilter(filters: SearchFilters, field: SearchField | ExtraField, value: string): SearchFilters {
  const next = { ...filters };
  switch (field) {
    case 'distance':
      next.distance = (DISTANCES as readonly number[]).includes(Number(value)) && value !== '' ? (Number(value) as Distance) : 'any';
      break;
    case 'order':
      next.order = (ORDERS as readonly string[]).includes(value) && value !== 'best' ? (value as Order) : null;
      break;
    case 'online':
      next.online = value === '1';
      break;
    case 'everyone':
      next.everyone = value === '1';
      break;
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
  applied: {
    gender: string | null;
    country: string | null;
    region: string | null;
    min_age: number;
    max_age: number;
    distance_km?: number | null;
    online?: boolean;
    everyone?: boolean;
    located?: boolean;
  },
  context: Pick<FilterContext, 'minAge' | 'maxAge'>,
  order: Order | null = null,
): SearchFilters {
  const distance = applied.distance_km ?? null;
  return {
    gender: (GENDERS as readonly string[]).includes(applied.gender ?? '') ? (applied.gender as Gender) : ANY_GENDER,
    country: applied.country,
    countryregion: applied.country ? applied.region : null,
    min_age: applied.min_age > context.minAge ? applied.min_age : null,
    max_age: applied.max_age < context.maxAge ? applied.max_age : null,
    distance: distance !== null && (DISTANCES as readonly number[]).includes(distance) ? (distance as Distance) : applied.located ? 'any' : null,
    order,
    online: applied.online ?? false,
    everyone: applied.everyone ?? false,
  };
}

/** "Clear filters": both genders and anywhere, by choice (an empty query would bring the
 *  member's defaults back); still only people who would want the member, in the same order. */
export function cleared(filters: SearchFilters): SearchFilters {
  return { ...NO_FILTERS, gender: ANY_GENDER, distance: filters.distance === null ? null : 'any', order: filters.order };
}
export const CLEARED: SearchFilters = cleared(NO_FILTERS);

/** Any filter chosen (the order is none: the server's defaults stay with any order). */
export function hasFilters(filters: SearchFilters): boolean {
  return filtersKey({ ...filters, order: null }) !== '';
}
