/**
 * The match-finder's questions as plain data: its steps, answers prefilled from the
 * member's own profile, and the answers in the page URL (so a reload or the back
 * button keeps the results).
 */
import type { User } from '../../shared/api/types';
import { type FinderGender, type MatchWishes, type WantedGender, wishesToApiQuery } from './gamesApi';

export const FINDER_STEPS = ['gender', 'age', 'place', 'interests'] as const;
export type FinderStep = (typeof FINDER_STEPS)[number];
export const LAST_FINDER_STEP = FINDER_STEPS.length - 1;

/** The ages the finder takes: the server's settings.min_age to settings.max_age. */
export interface AgeBounds {
  min: number;
  max: number;
}
/** The prefilled age range: this many years around the member's own age. */
export const AGE_SPREAD = 10;

const GENDERS: readonly WantedGender[] = ['male', 'female'];
const FINDER_GENDERS: readonly FinderGender[] = [...GENDERS, 'any'];

/** Whom a profile looks for, like the server reads it: null for both. */
export function wantedGender(profile: { gender: string; sexuality: string }): WantedGender | null {
  if (profile.sexuality === 'bisexual') return null;
  if (profile.sexuality === 'gay') return GENDERS.includes(profile.gender as WantedGender) ? (profile.gender as WantedGender) : null;
  return profile.gender === 'male' ? 'female' : profile.gender === 'female' ? 'male' : null;
}

export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const age = today.getFullYear() - year;
  const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return hadBirthday ? age : age - 1;
}

const clampAge = (age: number, ages: AgeBounds) => Math.min(ages.max, Math.max(ages.min, age));

/** First answers: what the member's profile implies (the server's signup matches do the same). */
export function defaultWishes(user: Pick<User, 'profile'> | null, today: Date, ages: AgeBounds): MatchWishes {
  if (!user) return { gender: null, min_age: ages.min, max_age: ages.max, country: null, region: null, interests: [] };
  const { profile } = user;
  const age = ageOn(profile.birth_date, today);
  return {
    gender: wantedGender(profile),
    min_age: clampAge(age - AGE_SPREAD, ages),
    max_age: clampAge(age + AGE_SPREAD, ages),
    country: profile.country || null,
    region: profile.region || null,
    interests: [],
  };
}

/** The answers as the page query (the same keys the API takes). */
export function wishesToQuery(wishes: MatchWishes): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(wishesToApiQuery(wishes))) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  return query;
}

/** Answers from the page query, or null when it holds none (then the questions show). */
export function wishesFromQuery(search: string | URLSearchParams, ages: AgeBounds, maxInterests: number): MatchWishes | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!query.has('min_age') && !query.has('max_age')) return null;
  const age = (key: string, fallback: number) => {
    const value = Number.parseInt(query.get(key) ?? '', 10);
    return Number.isFinite(value) ? clampAge(value, ages) : fallback;
  };
  const min = age('min_age', ages.min);
  const max = Math.max(min, age('max_age', ages.max));
  const gender = query.get('gender');
  const country = query.get('country')?.trim().toUpperCase().slice(0, 2) || null;
  const interests = [...new Set((query.get('interests') ?? '').split(',').filter((key) => /^[a-z0-9_]+$/.test(key)))];
  return {
    gender: FINDER_GENDERS.includes(gender as FinderGender) ? (gender as FinderGender) : null,
    min_age: min,
    max_age: max,
    country,
    region: country ? query.get('region')?.trim().toUpperCase().slice(0, 10) || null : null,
    interests: interests.slice(0, maxInterests),
  };
}

/** Changing the lower age pushes the upper one up with it, and the other way round. */
export function withAges(wishes: MatchWishes, change: { min_age?: number; max_age?: number }): MatchWishes {
  const min = change.min_age ?? wishes.min_age;
  const max = change.max_age ?? wishes.max_age;
  if (change.min_age !== undefined) return { ...wishes, min_age: min, max_age: Math.max(min, max) };
  return { ...wishes, max_age: max, min_age: Math.min(min, max) };
}

/** A new country: its regions differ, so the region is cleared. */
export function withCountry(wishes: MatchWishes, country: string | null): MatchWishes {
  return { ...wishes, country, region: country === wishes.country ? wishes.region : null };
}
