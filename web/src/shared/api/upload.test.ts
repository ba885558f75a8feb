import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { setSessionEndHandler } from './sessionEnd';
import { upload } from './upload';

/** A scripted XMLHttpRequest: each test decides what the server answers. */
class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  withCredentials = false;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onprogress: ((e: Partial<ProgressEvent>) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  sent: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
    this.onloadend?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
    this.onloadend?.();
  }
}

// What the client reports when the server ends the session (the app's answer to it is
// app/sessionEnd.test.ts's).
const sessionEnded = vi.fn();
beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  sessionEnded.mockClear();
  setSessionEndHandler(sessionEnded);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload', () => {
  it('reports upload progress and resolves the data body', async () => {
    const onUploadProgress = vi.fn();
    const form = new FormData();
    const promise = upload('/api/photos', form, { onUploadProgress, showProgressBar: false });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.sent).toBe(form);
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    expect(onUploadProgress).toHaveBeenCalledWith({ loaded: 50, total: 200 });
    xhr.answer(201, { photo: { id: 9 } });
    await expect(promise).resolves.toEqual({ photo: { id: 9 } });
  });

  it('rejects with the error code', async () => {
    const promise = upload('/api/photos', new FormData(), { showProgressBar: false });
    FakeXhr.last.answer(413, { error: 'request_too_large', params: { max_mb: 10 } });
    await expect(promise).rejects.toEqual(new ApiError(413, 'request_too_large', { max_mb: 10 }));
  });

  it('reports the ended session and resolves false when the session is gone', async () => {
    const promise = upload('/api/photos', new FormData(), { showProgressBar: false });
    FakeXhr.last.answer(403, { error: 'authentication_required', params: {} });
    await expect(promise).resolves.toBe(false);
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('signed_out');
  });
});
