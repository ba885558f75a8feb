/**
 * One hook for a form's fields, problems, server error and busy state, so each form keeps
 * only its own rules: what it checks, what it sends, which refusals belong to a field.
 * After a refused submit the first field with a problem (in the order shown) takes the
 * focus, so keyboard and screen-reader users land on what to fix.
 *
 * Hand-made rather than react-hook-form: the forms check synchronously with the rules
 * shared with the server (signup/validation.ts, complaintForm.ts, directDebit.ts) and
 * show the server's field errors with the same codes, and react-hook-form's `watch` is
 * one of the APIs the React Compiler rules (react-hooks/incompatible-library) refuse.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../api/errors';
import { translateError } from '../i18n/translateError';

/** A field's problem: an error code and its parameters, the same as the server's. */
export interface FieldError {
  code: string;
  params?: Record<string, unknown>;
}

export type Problems<F extends string> = Partial<Record<F, FieldError | null>>;

/** Texts of API errors and field errors, from `common:errors.<code>`. */
export function useErrorText() {
  const { t } = useTranslation('common');
  const errorText = useCallback((error: unknown) => translateError(t, error), [t]);
  const fieldText = useCallback(
    (error: FieldError | null | undefined) =>
      error ? t(errorKey(error.code), { ...error.params, defaultValue: t('errors.generic') }) : null,
    [t],
  );
  return { errorText, fieldText };
}

/** Runs an async task with a busy flag (a submit, a save). */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await task();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/** Keys of V whose values are strings: the text fields. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FormOptions<V, F extends string> {
  initial: V | (() => V);
  /** The fields with problems, in the order they are shown (the first one takes the focus). */
  order: readonly F[];
  /** Prefix of the fields' element ids: `${idPrefix}-${field}`. */
  idPrefix: string;
  /** What an edit clears: the edited field's problem (default), or every problem. */
  clearOnEdit?: 'field' | 'all';
  /** The text of a problem; by default `common:errors.<code>`. */
  problemText?: (field: F, problem: FieldError) => string;
  /** The element a field's problem sends the focus to; by default the one with the field's id. */
  focusTarget?: (field: F) => HTMLElement | null;
}

export interface Submit<V, F extends string> {
  /** The problems found before sending; none (or only nulls) sends. */
  check?: (values: V) => Problems<F>;
  send: (values: V) => Promise<unknown>;
  /**
   * A refusal: the field problems it means, 'handled' when dealt with (e.g. a redirect),
   * or null for an error about the whole form (kept in `error`).
   */
  refused?: (error: unknown) => Problems<F> | 'handled' | null;
}

export function useForm<V extends object, F extends string = TextKeys<V>>(options: FormOptions<V, F>) {
  const { order, idPrefix, clearOnEdit = 'field' } = options;
  const { fieldText } = useErrorText();
  const [values, setValues] = useState<V>(options.initial);
  const [problems, setProblems] = useState<Problems<F>>({});
  const [error, setError] = useState<unknown>(null);
  const { busy, run } = useBusy();
  const id = (field: F) => `${idPrefix}-${field}`;
  // Focus moves after the render that shows the problems (the field may just have appeared).
  const pendingFocus = useRef<F | null>(null);
  const focusTarget = options.focusTarget ?? ((field: F) => document.getElementById(`${idPrefix}-${field}`));
  useEffect(() => {
    const field = pendingFocus.current;
    if (field === null) return;
    pendingFocus.current = null;
    focusTarget(field)?.focus();
  });

  /** Shows these problems; true when there is one (the first one then takes the focus). */
  const show = (found: Problems<F>): boolean => {
    setProblems(found);
    const first = order.find((field) => found[field]);
    if (first === undefined) return false;
    pendingFocus.current = first;
    return true;
  };

  /** Moves the focus to a field after the next render (a field that just appeared). */
  const focus = (field: F) => {
    pendingFocus.current = field;
  };

  /** Forgets a field's problem (or every problem, with clearOnEdit 'all'). */
  const clear = (field: F) =>
    setProblems((current) => (clearOnEdit === 'all' ? (Object.keys(current).length ? {} : current) : current[field] ? { ...current, [field]: null } : current));

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name as unknown as F);
  };

  const text = (field: F): string | null => {
    const problem = problems[field];
    if (!problem) return null;
    return options.problemText ? options.problemText(field, problem) : fieldText(problem);
  };

  /** Props of a text field (TextField, PasswordField, TextareaField) bound to `name`. */
  const field = <K extends TextKeys<V> & F>(name: K) => ({
    id: id(name),
    value: values[name] as string,
    onValue: (value: string) => set(name, value as V[K]),
    error: text(name),
  });

  const submit =
    ({ check, send, refused }: Submit<V, F>) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      if (busy) return;
      if (check && show(check(values))) return;
      setError(null);
      void run(async () => {
        try {
          await send(values);
        } catch (failure) {
          const found = refused ? refused(failure) : null;
          if (found === 'handled') return;
          if (!found || !show(found)) setError(failure);
        }
      });
    };

  return { values, setValues, set, problems, show, clear, focus, text, field, id, error, setError, busy, run, submit };
}
