/**
 * The passkey calls of the API contract (issue 33.1; adapters/http/openapi.yaml). None is
 * retried: each answers a challenge that is good once, and a sign-in is an attempt.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { Answer, User } from '../../shared/api/types';

export type Passkey = Answer<'listPasskeys'>['passkeys'][number];
type CredentialJson = Record<string, unknown>;

const once = retries(0);

/** The data of a call that needs the session; `false` (the session is gone) becomes a refusal. */
async function data<D>(call: Promise<{ data?: D }>): Promise<D> {
  const answered = await answer(call);
  if (answered === false) throw new ApiError(403, 'authentication_required');
  return answered as D;
}

/** The browser's answer as the API takes it (an object of base64url strings). */
const json = (credential: RegistrationResponseJSON | AuthenticationResponseJSON) => credential as unknown as CredentialJson;

export const passkeysApi = {
  list: async (): Promise<Passkey[]> => (await data(api.GET('/api/passkeys'))).passkeys,
  registrationOptions: async () =>
    (await data(api.POST('/api/passkeys/options', once))).options as unknown as PublicKeyCredentialCreationOptionsJSON,
  add: async (credential: RegistrationResponseJSON, name: string): Promise<Passkey> =>
    (await data(api.POST('/api/passkeys', { body: { credential: json(credential), name }, ...once }))).passkey,
  rename: async (id: number, name: string): Promise<Passkey> =>
    (await data(api.PUT('/api/passkeys/{passkey_id}', { params: { path: { passkey_id: id } }, body: { name }, ...once })))
      .passkey,
  remove: async (id: number): Promise<void> => {
    await data(api.DELETE('/api/passkeys/{passkey_id}', { params: { path: { passkey_id: id } }, ...once }));
  },
  loginOptions: async () =>
    (await data(api.POST('/api/passkeys/login/options', once))).options as unknown as PublicKeyCredentialRequestOptionsJSON,
  logIn: async (credential: AuthenticationResponseJSON): Promise<User> =>
    (await data(api.POST('/api/passkeys/login', { body: { credential: json(credential) }, ...once }))).user,
  confirmOptions: async () =>
    (await data(api.POST('/api/passkeys/confirm/options', once))).options as unknown as PublicKeyCredentialRequestOptionsJSON,
  confirm: async (credential: AuthenticationResponseJSON): Promise<void> => {
    await data(api.POST('/api/passkeys/confirm', { body: { credential: json(credential) }, ...once }));
  },
};
