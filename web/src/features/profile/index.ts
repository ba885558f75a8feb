/** The own profile's public module: its catalogs (interests, regions), its API, the interest toggle and the scam shield's nudge on a name. */
export { useProfileCatalogs } from './catalogStore';
export { useRegions } from './useRegions';
export { profileApi } from './profileApi';
export { toggleInterest } from './profileLogic';
export { ProfileTextNudgeSlot } from './ProfileTextNudgeSlot';
