/**
 * Uploads (photos and the like) with progress, over XMLHttpRequest because fetch
 * cannot report upload progress. The contract's multipart paths only, answered by the
 * API client's rules (answers.ts), without the retries (a multi-megabyte body is not
 * re-sent behind the member's back). The top progress bar follows the upload unless
 * `showProgressBar` is false.
 */
import { useProgress } from '../progress/progressStore';
import { SessionGone, failure, parseBody } from './answers';
import type { ProgressEvent } from './client';
import { ApiError } from './errors';
import type { paths } from './schema';

type Multipart = { requestBody: { content: { 'multipart/form-data': unknown } } };
/** The paths that take a multipart body by POST. */
export type UploadPath = { [P in keyof paths]: paths[P] extends { post: Multipart } ? P : never }[keyof paths];
type Success = 200 | 201;
/** The JSON answer of a successful upload to `P`. */
export type Uploaded<P extends UploadPath> = {
  [S in Success]: paths[P]['post']['responses'] extends Record<S, { content: { 'application/json': infer B } }> ? B : never;
}[Success];

export interface UploadOptions {
  onUploadProgress?: (event: ProgressEvent) => void;
  onDownloadProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  showProgressBar?: boolean;
}

export function upload<P extends UploadPath>(path: P, body: FormData, options: UploadOptions = {}): Promise<Uploaded<P> | false> {
  const { onUploadProgress, onDownloadProgress, signal, showProgressBar = true } = options;
  const done = showProgressBar ? useProgress.getState().start() : () => undefined;

  return new Promise<Uploaded<P> | false>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;

    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : 0;
      onUploadProgress?.({ loaded: event.loaded, total });
      if (showProgressBar && total) useProgress.getState().report(event.loaded / total);
    };
    xhr.onprogress = (event) => {
      onDownloadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as Uploaded<P>);
        return;
      }
      const error = failure(xhr.status, data, path);
      if (error instanceof SessionGone) resolve(false);
      else reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error'));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    xhr.onloadend = () => done();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
