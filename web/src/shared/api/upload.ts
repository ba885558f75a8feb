/**
 * Uploads (photos and the like) with progress, over XMLHttpRequest because fetch
 * cannot report upload progress. Same answer rules as the API client, without the
 * retries (a multi-megabyte body is not re-sent behind the member's back). The top
 * progress bar follows the upload unless `showProgressBar` is false.
 */
import { useProgress } from '../progress/progressStore';
import { type ProgressEvent, isUserCall } from './client';
import { ApiError, isErrorBody } from './errors';
import { sessionEnded } from './sessionEnd';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onUploadProgress?: (event: ProgressEvent) => void;
  onDownloadProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  showProgressBar?: boolean;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function upload<T>(path: string, body: FormData | Blob, options: UploadOptions = {}): Promise<T | false> {
  const { method = 'POST', onUploadProgress, onDownloadProgress, signal, showProgressBar = true } = options;
  const done = showProgressBar ? useProgress.getState().start() : () => undefined;

  return new Promise<T | false>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
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
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const code = isErrorBody(data) ? data.error : 'generic';
      if (xhr.status === 403 && code === 'authentication_required' && !isUserCall(path)) {
        sessionEnded('signed_out');
        resolve(false);
        return;
      }
      reject(new ApiError(xhr.status, code, isErrorBody(data) ? (data.params ?? {}) : {}));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error'));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    xhr.onloadend = () => done();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
