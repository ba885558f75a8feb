/**
 * The own-profile calls of the API contract: the profile and the photos (its catalogs:
 * shared/catalogs). Saves and photo actions are not retried: the member sees
 * the outcome at once and can press again.
 */
import { type ProgressEvent, answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { EditableProfile, OwnPhoto, ProfileChanges } from '../../shared/api/types';
import { upload } from '../../shared/api/upload';

const once = retries(0);

/** An answer of `false` means the session is gone (the store was cleared already). */
function sessionGone(): never {
  throw new ApiError(403, 'authentication_required');
}

async function profileOf(answer: Promise<{ profile: EditableProfile } | false>): Promise<EditableProfile> {
  const data = await answer;
  if (!data) sessionGone();
  return data.profile;
}

export const profileApi = {
  get: () => profileOf(answer(api.GET('/api/profile'))),
  update: (changes: ProfileChanges) => profileOf(answer(api.PUT('/api/profile', { body: changes, ...once }))),
  /** POST /api/photos (multipart, field `file`), driving the top progress bar. */
  uploadPhoto: async (file: File, onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal): Promise<OwnPhoto> => {
    const body = new FormData();
    body.append('file', file);
    const data = await upload('/api/photos', body, { onUploadProgress: onProgress, signal });
    if (!data) sessionGone();
    return data.photo;
  },
  deletePhoto: async (id: number) => {
    if ((await answer(api.DELETE('/api/photos/{photo_id}', { params: { path: { photo_id: id } }, ...once }))) === false) sessionGone();
  },
  setMainPhoto: async (id: number) => {
    if ((await answer(api.PUT('/api/photos/{photo_id}/main', { params: { path: { photo_id: id } }, ...once }))) === false) sessionGone();
  },
};
