/**
 * The privacy calls of the contract (issue 21): quiet mode is a preference of
 * PUT /api/user (accountApi.updatePreferences); the copy of one's data needs the
 * session confirmed first (shared/stepUp), then a job builds it and mails
 * a link to it. Typed by hand,
 * none retried: each is a member's deliberate act.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';

const once = retries(0);

function filenameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? 'my-data.zip';
}

export const privacyApi = {
  /** Every copy is built by a job: the answer only says that a mail with the link follows. */
  requestCopy: async (): Promise<void> => {
    if ((await answer(api.GET('/api/export', once))) === false) {
      throw new ApiError(403, 'authentication_required');
    }
  },
  /** The mailed link's copy (GET /api/export/download): works once, no login needed. */
  downloadMailed: async (token: string): Promise<{ blob: Blob; filename: string }> => {
    const { data, response } = await api.GET('/api/export/download', { params: { query: { token } }, parseAs: 'blob', ...once });
    if (!data) throw new ApiError(response.status, 'generic');
    return { blob: data as Blob, filename: filenameOf(response) };
  },
};

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
