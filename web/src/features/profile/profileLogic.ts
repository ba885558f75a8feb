/** The rules of the own-profile screen, apart from React so they can be tested on their own. */
import { ApiError, type FieldError, fieldErrorsOf } from '../../shared/api/errors';
import type { EditableProfile, OwnPhoto, ProfileChanges } from '../../shared/api/types';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['straight', 'gay', 'bisexual'] as const;

/** The appearance attributes and their values (null = prefer not to say). */
export const APPEARANCE = {
  hair_colour: ['black', 'brown', 'blond', 'red', 'grey', 'other'],
  eye_colour: ['brown', 'blue', 'green', 'grey', 'hazel'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'large'],
  tattoos: ['none', 'one', 'several'],
  relationship_status: ['single', 'divorced', 'widowed', 'in_relationship', 'married'],
} as const;
export type AppearanceField = keyof typeof APPEARANCE;

export type ProfileField = keyof ProfileChanges;
export type SectionName = 'about' | 'basics' | 'appearance' | 'interests';

export const SECTION_FIELDS: Record<SectionName, ProfileField[]> = {
  about: ['about_me'],
  basics: ['name', 'gender', 'sexuality', 'birth_date', 'country', 'region', 'city'],
  appearance: ['hair_colour', 'eye_colour', 'body_type', 'tattoos', 'relationship_status'],
  interests: ['interests'],
};

/** Fields every site shows, whatever its visible_profile_fields say. */
export const ALWAYS_VISIBLE: readonly string[] = ['name', 'photos', 'about_me'];

export function isFieldVisible(field: string, visible: readonly string[]): boolean {
  return ALWAYS_VISIBLE.includes(field) || visible.includes(field);
}

/** The fields of a section this site shows; a section without any is left out. */
export function visibleSectionFields(section: SectionName, visible: readonly string[]): ProfileField[] {
  return SECTION_FIELDS[section].filter((field) => isFieldVisible(field, visible));
}

/** The "n of limit used" counter of the photo section; like the server, rejected photos
 * do not use up the limit. */
export function photoCounter(profile: Pick<EditableProfile, 'photos' | 'photo_limit'>) {
  const used = profile.photos.filter((photo) => photo.status !== 'rejected').length;
  const limit = profile.photo_limit;
  return { used, limit, left: Math.max(0, limit - used), full: used >= limit };
}

/** The photo shown in the header: the main photo, else none (a drawn avatar). */
export function mainPhoto(photos: readonly OwnPhoto[]): OwnPhoto | null {
  return photos.find((photo) => photo.is_main) ?? null;
}

/** The session's main_image after a photo change: the main photo once it is approved. */
export function mainImageOf(profile: Pick<EditableProfile, 'photos'>) {
  const main = mainPhoto(profile.photos);
  if (!main || main.status !== 'active') return null;
  return { filename: main.filename, thumb_filename: main.thumb_filename, status: main.status };
}

/** The URL of a photo or its thumbnail under the site's CDN prefix. */
export function photoUrl(prefix: string, filename: string): string {
  return `${prefix}${filename}`;
}

/** A file the server would refuse for its type, caught before sending it. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): FieldError | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type) || file.size === 0) return { code: 'photo_invalid' };
  return null;
}

/** The error code and params of a failed upload, for `common:errors.<code>`. */
export function uploadError(error: unknown): FieldError {
  if (error instanceof ApiError) {
    if (error.status === 413) return { code: 'request_too_large' };
    if (error.status === 415) return { code: 'photo_invalid' };
    return { code: error.code, params: error.params };
  }
  return { code: 'generic' };
}

/**
 * The errors of a section save: invalid_fields of this section's fields go next to
 * their fields; anything else (another field, another error) is shown for the section.
 */
export function sectionErrors(
  error: unknown,
  fields: readonly string[],
): { fields: Record<string, FieldError>; general: unknown } {
  const all = fieldErrorsOf(error);
  const own: Record<string, FieldError> = {};
  let foreign = false;
  for (const [field, problem] of Object.entries(all)) {
    if (fields.includes(field)) own[field] = problem;
    else foreign = true;
  }
  if (Object.keys(own).length === 0) return { fields: {}, general: error };
  return { fields: own, general: foreign ? error : null };
}

export type Draft = {
  name: string;
  gender: string;
  sexuality: string;
  birth_date: string;
  country: string;
  region: string;
  city: string;
  about_me: string;
  interests: string[];
} & Record<AppearanceField, string>;

export function draftOf(profile: EditableProfile): Draft {
  return {
    name: profile.name,
    gender: profile.gender,
    sexuality: profile.sexuality,
    birth_date: profile.birth_date,
    country: profile.country,
    region: profile.region ?? '',
    city: profile.city ?? '',
    about_me: profile.about_me,
    interests: [...profile.interests],
    hair_colour: profile.hair_colour ?? '',
    eye_colour: profile.eye_colour ?? '',
    body_type: profile.body_type ?? '',
    tattoos: profile.tattoos ?? '',
    relationship_status: profile.relationship_status ?? '',
  };
}

/** The PUT /api/profile body of a section: its shown fields, '' sent as null where allowed. */
export function changesOf(draft: Draft, fields: readonly ProfileField[]): ProfileChanges {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field as keyof Draft];
    if (field === 'interests') changes.interests = value;
    else if (field === 'name') changes.name = (value as string).trim();
    else if (field === 'city') changes.city = (value as string).trim() || null;
    else if (field === 'region' || field in APPEARANCE) changes[field] = value || null;
    else changes[field] = value;
  }
  return changes as ProfileChanges;
}
