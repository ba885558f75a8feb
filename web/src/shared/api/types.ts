import type { components } from './schema';

export type Settings = components['schemas']['Settings'];
export type CompanyInfo = components['schemas']['CompanyInfo'];
export type ApiErrorBody = components['schemas']['Error'];
export type User = components['schemas']['User'];
