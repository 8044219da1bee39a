/** The shape of a messages object: the same keys, every leaf a string (so a translation may differ). */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
