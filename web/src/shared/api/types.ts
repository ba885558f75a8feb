import type { components } from './schema';

export type Settings = components['schemas']['Settings'];
export type CompanyInfo = components['schemas']['CompanyInfo'];
export type ApiErrorBody = components['schemas']['Error'];
export type User = components['schemas']['User'];
export type SignupRequest = components['schemas']['SignupRequest'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type TrafficSource = NonNullable<SignupRequest['traffic']>;
