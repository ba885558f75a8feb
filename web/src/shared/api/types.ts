import type { components, operations } from './schema';

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

/** The JSON answer of operation `Op` with status `S` (200 unless given). */
export type Answer<Op extends keyof operations, S extends number = 200> = operations[Op]['responses'] extends Record<
  S,
  { content: { 'application/json': infer Body } }
>
  ? Body
  : never;

/** The JSON body a call of operation `Op` sends. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The query parameters of operation `Op`. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
