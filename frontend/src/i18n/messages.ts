// The shapes of the interface catalogues: a message is a text with {name} placeholders, or,
// when it counts something, one text per plural category (Intl.PluralRules) of the language.

/** A text counted by `count`: `other` is required, the rest as the language needs them. */
export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export type Message = string | PluralMessage;
