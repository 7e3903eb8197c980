// What the scheduling screens show of a change, beside the calls' shapes (api/types.ts).

/** One field a scheduled change changes, in words: its label, its value now and then. */
export interface ChangeRow {
  name: string;
  label: string;
  now: string;
  then: string;
  /** A long text (a block): shown as a block of text, its line breaks kept. */
  long?: boolean;
}
