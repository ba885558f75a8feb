/** The own profile's public module: its catalogs (interests, regions), its API and the interest toggle. */
export { useProfileCatalogs } from './catalogStore';
export { useRegions } from './useRegions';
export { profileApi } from './profileApi';
export { toggleInterest } from './profileLogic';
