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

/** The answer of a call that needs a login the viewer does not have. */
export class LoginRequired extends Error {
  constructor() {
    super('authentication_required');
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

/** A field the server refused (invalid_fields): its error code and the code's parameters. */
export interface FieldError {
  code: string;
  params?: Record<string, unknown>;
}

/** Field errors of an `invalid_fields` answer: field → {code, params}. */
export function fieldErrorsOf(error: unknown): Record<string, FieldError> {
  if (!(error instanceof ApiError) || error.code !== 'invalid_fields') return {};
  const fields = (error.params.fields ?? {}) as Record<string, unknown>;
  const params = (error.params.params ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const result: Record<string, FieldError> = {};
  for (const [field, code] of Object.entries(fields)) {
    if (typeof code === 'string') result[field] = { code, params: params[field] ?? {} };
  }
  return result;
}
