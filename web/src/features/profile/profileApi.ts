/**
 * The own-profile calls of the API contract: the profile, its catalogs (interests,
 * regions) and the photos. Saves and photo actions are not retried: the member sees
 * the outcome at once and can press again.
 */
import { api } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { type ProgressEvent } from '../../shared/api/client';
import type { EditableProfile, OwnPhoto, ProfileChanges } from '../../shared/api/types';
import { upload } from '../../shared/api/upload';

export interface Region {
  code: string;
  name: string;
}

const once = { retries: 0 } as const;

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
  get: () => profileOf(api.get<{ profile: EditableProfile }>('/api/profile')),
  update: (changes: ProfileChanges) => profileOf(api.put<{ profile: EditableProfile }>('/api/profile', changes, once)),
  interests: async (): Promise<string[]> => {
    const data = await api.get<{ interests: string[] }>('/api/interests');
    return data ? data.interests : [];
  },
  regions: async (country: string, lang: string): Promise<Region[]> => {
    const data = await api.get<{ regions: Region[] }>('/api/regions', { query: { country, lang } });
    return data ? data.regions : [];
  },
  /** POST /api/photos (multipart, field `file`), driving the top progress bar. */
  uploadPhoto: async (file: File, onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal): Promise<OwnPhoto> => {
    const body = new FormData();
    body.append('file', file);
    const data = await upload<{ photo: OwnPhoto }>('/api/photos', body, { onUploadProgress: onProgress, signal });
    if (!data) sessionGone();
    return data.photo;
  },
  deletePhoto: async (id: number) => {
    if ((await api.delete<void>(`/api/photos/${id}`, undefined, once)) === false) sessionGone();
  },
  setMainPhoto: async (id: number) => {
    if ((await api.put<void>(`/api/photos/${id}/main`, undefined, once)) === false) sessionGone();
  },
};
