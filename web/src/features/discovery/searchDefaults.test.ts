import { describe, expect, it } from 'vitest';
import { CLEARED, NO_FILTERS, changeFilter, filtersFromQuery, filtersKey, filtersOfAnswer, filtersToApiQuery, filtersToQuery, hasFilters } from './searchFilters';

const context = { fields: ['gender', 'country', 'region', 'min_age', 'max_age'], countries: ['NL', 'DE'], minAge: 18, maxAge: 99 };

describe("a member's search defaults (issue 19.1)", () => {
  it('asks the server for its defaults while no filter is chosen', () => {
    const { filters } = filtersFromQuery('', context);
    expect(hasFilters(filters)).toBe(false);
    expect(Object.values(filtersToApiQuery(filters)).every((value) => value === undefined)).toBe(true);
  });

  it('shows the filters the server applied, bounds as "any"', () => {
    const shown = filtersOfAnswer({ gender: 'female', country: null, region: null, min_age: 26, max_age: 46 }, context);
    expect(shown).toEqual({ ...NO_FILTERS, gender: 'female', min_age: 26, max_age: 46 });
    const everyone = filtersOfAnswer({ gender: null, country: 'NL', region: 'NL-NH', min_age: 18, max_age: 99 }, context);
    expect(everyone).toEqual({ ...NO_FILTERS, gender: 'any', country: 'NL', countryregion: 'NL-NH' });
  });

  it('keeps "Everyone" as a choice of its own in the URL and the API', () => {
    const shown = filtersOfAnswer({ gender: 'female', country: null, region: null, min_age: 26, max_age: 46 }, context);
    const everyone = changeFilter(shown, 'gender', '');
    expect(everyone.gender).toBe('any');
    const query = filtersToQuery(everyone);
    expect(query.get('gender')).toBe('any');
    expect(filtersFromQuery(query, context).filters).toEqual(everyone);
    expect(filtersToApiQuery(everyone).gender).toBe('any');
    // "Clear filters" is everyone by choice, not the defaults again.
    expect(filtersKey(CLEARED)).toBe('gender=any');
    expect(filtersKey(NO_FILTERS)).toBe('');
  });
});

describe('near, best first and who (issue 29)', () => {
  const applied = { gender: 'female', country: null, region: null, min_age: 26, max_age: 46, online: false, everyone: false };

  it('shows the radius the server applied, or anywhere when the member has a place', () => {
    expect(filtersOfAnswer({ ...applied, distance_km: 100, located: true }, context).distance).toBe(100);
    expect(filtersOfAnswer({ ...applied, distance_km: null, located: true }, context).distance).toBe('any');
    expect(filtersOfAnswer({ ...applied, distance_km: null, located: false }, context).distance).toBeNull();
  });

  it('keeps distance, order, online and everyone in the URL and the API', () => {
    let filters = changeFilter(filtersOfAnswer({ ...applied, distance_km: 100, located: true }, context), 'distance', '25');
    filters = changeFilter(changeFilter(changeFilter(filters, 'order', 'nearest'), 'online', '1'), 'everyone', '1');
    const query = filtersToQuery(filters);
    expect(query.get('distance')).toBe('25');
    expect(query.get('order')).toBe('nearest');
    expect(filtersFromQuery(query, context).filters).toEqual(filters);
    expect(filtersToApiQuery(filters)).toMatchObject({ distance: '25', order: 'nearest', online: '1', everyone: '1' });
    expect(changeFilter(filters, 'distance', 'any').distance).toBe('any');
    expect(filtersToQuery(changeFilter(filters, 'order', 'best')).has('order')).toBe(false);
  });

  it('counts no order as a filter: the server keeps the defaults', () => {
    expect(hasFilters({ ...NO_FILTERS, order: 'newest' })).toBe(false);
    expect(filtersKey({ ...NO_FILTERS, order: 'newest' })).toBe('order=newest');
    expect(filtersFromQuery('?distance=11&order=random&online=yes', context).filters).toEqual(NO_FILTERS);
  });
});
