/**
 * Inside a react-admin <Form>: tells `onValues` the form's values after each change, through
 * react-hook-form's watch callback, which re-renders nothing (a keystroke re-renders its own
 * input only). It renders nothing itself.
 */
import { useEffect, useRef } from "react";
import { type FieldValues, useFormContext } from "react-hook-form";

export function FormValuesWatcher<T extends FieldValues>({ onValues }: { onValues: (values: T) => void }) {
  const { watch } = useFormContext<T>();
  const latest = useRef(onValues);
  latest.current = onValues;
  useEffect(() => {
    // A copy: react-hook-form changes its own object in place on the next keystroke.
    const subscription = watch((values) => latest.current({ ...values } as T));
    return () => subscription.unsubscribe();
  }, [watch]);
  return null;
}
