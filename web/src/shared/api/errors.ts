import type { ApiErrorBody } from './types';

/** A failed API call: the HTTP status (0 for a network failure) and the server's error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: Record<string, unknown>;

  constructor(status: number, code: string, params: Record<string, unknown> = {}) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

export function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** The catalog key of an error code: `common:errors.<code>`. */
export function errorKey(code: string): string {
  return `errors.${code.replace(/[^a-z0-9_]/gi, '_')}`;
}
