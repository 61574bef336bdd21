// The shape every catalogue's Russian side must have: exactly the English side's keys, so a
// missing or misspelt Russian message fails tsc and svelte-check, not a seller's screen.

export type Messages<T> = { readonly [K in keyof T]: string };

/** What an ICU placeholder can be given. */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;
