import type { components } from './schema';

export type Settings = components['schemas']['Settings'];
export type CompanyInfo = components['schemas']['CompanyInfo'];
export type ApiErrorBody = components['schemas']['Error'];
export type User = components['schemas']['User'];
export type SignupRequest = components['schemas']['SignupRequest'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type TrafficSource = NonNullable<SignupRequest['traffic']>;
export type EditableProfile = components['schemas']['EditableProfile'];
export type ProfileChanges = components['schemas']['ProfileChanges'];
export type OwnPhoto = components['schemas']['OwnPhoto'];
