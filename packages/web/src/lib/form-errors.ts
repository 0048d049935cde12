import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts a refused request's field errors (`{ fields }`) beside the form's own fields. `names` lists
 * the form's fields the server may name, or maps the server's names to the form's where they differ.
 */
export function setServerFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  names: readonly Path<T>[] | Partial<Record<string, Path<T>>>,
) {
  if (!(error instanceof ApiRequestError)) return;
  const formNames: Partial<Record<string, Path<T>>> = Array.isArray(names)
    ? Object.fromEntries(names.map((name) => [name, name]))
    : names;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const name = formNames[field];
    if (name) form.setError(name, { type: 'server', message });
  }
}
