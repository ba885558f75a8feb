/**
 * The passkey way to confirm it's you (issues 33.1, 33.5): the passkeys feature has it, and
 * shared vocabulary imports no feature, so app/ provides it (app/slots/stepUpSlots.ts, loaded
 * with the pages whose changes need the step-up). Not provided, the dialog asks for the
 * password only.
 */
import { createContext, useContext } from 'react';

/** The passkey way to confirm this session: resolves once the server counts it confirmed. */
export type ConfirmWithPasskey = () => Promise<void>;

/** Another way to confirm with a key than the provided one (tests provide one). */
export const PasskeyConfirmation = createContext<ConfirmWithPasskey | null>(null);

let provided: () => ConfirmWithPasskey | null = () => null;

/** app/ gives the way; `way` answers null where this browser has no passkeys. */
export function provideConfirmWithPasskey(way: () => ConfirmWithPasskey | null): void {
  provided = way;
}

/** The way the dialog offers: the one given by PasskeyConfirmation, else the provided one. */
export function usePasskeyWay(): ConfirmWithPasskey | null {
  return useContext(PasskeyConfirmation) ?? provided();
}
