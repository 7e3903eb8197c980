import type { en } from './en';
import type { Message } from './messages';

/** Every message key of the interface. */
export type MessageKey = keyof typeof en;
/** A complete translation: every key of the English catalogue, none other. */
export type Catalogue = { readonly [K in MessageKey]: Message };
