/**
 * Undo for the owner (issue 33.4): the link mailed to the old address after an address
 * or password change. Both calls work without a login; neither is retried (each link
 * works once).
 */
import { api, retries } from '../../shared/api/client';
import type { RequestBody } from '../../shared/api/types';
import { ApiError } from '../../shared/api/errors';

const once = retries(0);

export interface Undone {
  /** The account's address again. */
  email: string;
  change: 'mail_changed' | 'password_changed';
  /** Sets the new password (the next step), within 2 hours. */
  password_token: string;
}

export const recoveryApi = {
  undo: async (token: string): Promise<Undone> => {
    const { data } = await api.POST('/api/undo', { body: { token }, ...once });
    if (!data) throw new ApiError(0, 'generic');
    return data;
  },
  setPassword: async (body: RequestBody<'setPasswordAfterUndo'>): Promise<void> => {
    await api.POST('/api/undo/password', { body, ...once });
  },
};
