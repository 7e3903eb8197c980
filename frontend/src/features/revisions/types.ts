// The revisions calls' shapes (issue 20), from the generated OpenAPI types, by the names the
// panel uses.
import type {
  ChangedFieldOut,
  ComparedBlockOut,
  CompareOut,
  RestoredPageOut,
  RestoreLocaleOut,
  RestorePlanOut,
  RevisionOut,
} from '../../api/types';

/** One revision in the list; `user` null for a user deleted since. */
export type Revision = RevisionOut;
/** A field that differs between the two sides (per locale for the path segment). */
export type ChangedField = ChangedFieldOut;
/** A block of one locale (null: a block every locale shares), its texts whole, as Markdown. */
export type ComparedBlock = ComparedBlockOut;
/** Two versions compared: `to` null is the page as it is now. */
export type Comparison = CompareOut;
/** What restoring a revision would do in each locale, and which it restores by default. */
export type RestorePlan = RestorePlanOut;
export type RestoreLocale = RestoreLocaleOut;
/** The page as the restore saved it, and the images and files it left out. */
export type RestoredPage = RestoredPageOut;

/** Media a restore left out (their ids), said until the editor dismisses it. */
export interface MissingMedia {
  images: number[];
  files: number[];
}
