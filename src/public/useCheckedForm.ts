/**
 * A small form for the public pages that behaves as react-admin's <Form> did there: nothing is
 * checked until the first submit; from then on every field shows its first problem as it is
 * typed; a submit with a problem sends nothing, puts the cursor in the first field to correct and
 * says 'Formularul nu este valid…' (ra.message.invalid_form). The checks answer message keys, as react-admin's validators do.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";

export interface Check {
  (value: string): string | undefined;
  /** Marks the field's label with an asterisk. */
  isRequired?: boolean;
}

/** Same as react-admin's `required()`: an empty value is refused. */
export function required(messageKey = "ra.validation.required"): Check {
  return Object.assign((value: string) => (value === "" ? messageKey : undefined), { isRequired: true });
}

/** Like `required`, and spaces alone are no value either (a name, a message). */
export function filled(messageKey = "ra.validation.required"): Check {
  return Object.assign((value: string) => (value.trim() === "" ? messageKey : undefined), { isRequired: true });
}

/** A value shorter than `min` characters (spaces around it not counted) is refused; an empty one passes. */
export function minLength(min: number, messageKey: string): Check {
  return (value: string) => (value.trim() !== "" && value.trim().length < min ? messageKey : undefined);
}

/** react-admin's `email()` rule, to the letter: an empty value passes (`required` refuses it). */
const EMAIL = /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function emailFormat(messageKey = "ra.validation.email"): Check {
  return (value: string) => (value !== "" && !EMAIL.test(value) ? messageKey : undefined);
}

export interface CheckedField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef: (input: HTMLInputElement | HTMLTextAreaElement | null) => void;
  /** The message key of the field's first problem, once the form was submitted. */
  error?: string;
  isRequired: boolean;
}

export function useCheckedForm<Name extends string>(
  checks: Record<Name, Check[]>,
  {
    onSubmit,
    onInvalid,
    initialValues = {},
  }: {
    onSubmit: (values: Record<Name, string>) => void | Promise<void>;
    onInvalid: () => void;
    /** What the fields hold when the page opens (empty unless given). */
    initialValues?: Partial<Record<Name, string>>;
  },
) {
  const names = Object.keys(checks) as Name[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, initialValues[name] ?? ""])) as Record<Name, string>,
  );
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef(new Map<Name, HTMLInputElement | HTMLTextAreaElement>());

  const problemOf = (name: Name, value: string) => checks[name].map((check) => check(value)).find(Boolean);

  const field = (name: Name): CheckedField => ({
    name,
    value: values[name],
    onChange: (event) => setValues((old) => ({ ...old, [name]: event.target.value })),
    inputRef: (input) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    error: submitted ? problemOf(name, values[name]) : undefined,
    isRequired: checks[name].some((check) => check.isRequired),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const wrong = names.find((name) => problemOf(name, values[name]));
    if (wrong === undefined) {
      void onSubmit(values);
      return;
    }
    inputs.current.get(wrong)?.focus();
    onInvalid();
  };

  return { field, submit };
}
