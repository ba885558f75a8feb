/** The profile catalogs (interests, regions), read by the profile, the search, the signup, the games and the landers. */
export { type Region } from './catalogsApi';
export { useProfileCatalogs } from './catalogStore';
export { useRegions } from './useRegions';
export { toggleInterest } from './interests';
