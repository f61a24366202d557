/**
 * One form state object, many fields: `bindFields(values, setValues)` gives a binder, and `bind('name')` the
 * props a field takes for that entry (its name, value and change handler), so each field is written once;
 * `useFields(initial)` keeps such a state object and gives its binder.
 */
import { type Dispatch, type SetStateAction, useState } from 'react';

/** What `bind(name)` gives a field. */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
}

/** A binder of `values` (kept by `setValues`) to fields, one entry each. */
export function bindFields<T extends object>(values: T, setValues: Dispatch<SetStateAction<T>>) {
  return <K extends keyof T & string>(name: K): BoundField<T[K]> => ({
    name,
    value: values[name],
    onChange: (value) => setValues((old) => ({ ...old, [name]: value })),
  });
}

/** A form's values (from `initial`), their setter and their binder. */
export function useFields<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  return { values, setValues, bind: bindFields(values, setValues) };
}
