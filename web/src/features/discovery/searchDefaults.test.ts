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
    expect(shown).toEqual({ gender: 'female', country: null, countryregion: null, min_age: 26, max_age: 46 });
    const everyone = filtersOfAnswer({ gender: null, country: 'NL', region: 'NL-NH', min_age: 18, max_age: 99 }, context);
    expect(everyone).toEqual({ gender: 'any', country: 'NL', countryregion: 'NL-NH', min_age: null, max_age: null });
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
