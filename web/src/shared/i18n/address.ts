/**
 * Texts that address the member agree with their gender (issue 29.7): where a language
 * needs it (Polish "zablokowałaś", Spanish "bienvenida", French "déconnectée"), a catalog
 * holds a "key_female" variant next to the key, and the caller passes this as i18next's
 * `context`; languages without the variant fall back to the key. Texts for visitors,
 * whose gender is unknown, are written without gender instead.
 */
export type AddressContext = 'female' | 'male';

export function addressContextOf(gender: string | null | undefined): AddressContext | undefined {
  return gender === 'female' || gender === 'male' ? gender : undefined;
}
