import { useCallback, useState } from 'react';
import type { output, ZodType } from 'zod';

/**
 * Form state validated by a contracts schema on submit. Issue messages are i18n keys
 * (`validation.*`); each field keeps the first issue whose path starts with its name.
 */
export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

export function collectFieldErrors<Values>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors<Values> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<Values>;
}

export function useForm<Values extends Record<string, string>, Schema extends ZodType>(schema: Schema, initialValues: Values) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setValue = useCallback((name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
  }, []);

  const setError = useCallback((name: keyof Values, messageKey: string | undefined) => {
    setErrors((current) => ({ ...current, [name]: messageKey }));
  }, []);

  /** Returns the parsed body when valid; otherwise shows the errors and returns null. */
  const validate = useCallback((): output<Schema> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(collectFieldErrors<Values>(result.error.issues));
    return null;
  }, [schema, values]);

  return { values, errors, setValue, setError, validate };
}
