// The editor's public API for its add-ons: what the app may add to it, where that shows, and
// the editor's own helpers an add-on needs. Each add-on hook lives in its feature
// (features/scheduling, translations, workingCopy, revisions) and may import this module and
// no other of the editor's (ESLint's layer rule); the editor imports none of them: the app
// composes them (app/editorAddons.tsx).
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Block, PageEditorScreenData } from '../../api/types';
import type { Editor } from './hooks/useEditor';

/** What an add-on is given on every render of the editor. */
export interface EditorAddonContext {
  data: PageEditorScreenData;
  editor: Editor;
  /** The content locale the editor shows now (a locale switch changes it in place). */
  locale: string;
  readOnly: boolean;
  /**
   * The user holds `submit` and not `edit` on the page (DESIGN §3, Review before publishing):
   * they write what visitors cannot see, and submit the rest for review; what would be
   * refused (scheduling, publishing) is not offered.
   */
  submitOnly: boolean;
}

/** Where add-ons show: under the page's heading, beside Save, and below the top bar. */
export interface EditorAddonSlots {
  header?: ReactNode;
  actions?: ReactNode;
  banners?: ReactNode;
  /** Above the fields of the content and metadata tabs (the translation tools). */
  toolbar?: ReactNode;
  /** What shows with each block's field (see BlockParts); called per block on each render. */
  blockParts?: (block: Block) => BlockParts;
  /** Asked before Save (the button or Ctrl/Cmd+S): false keeps the form unsaved. */
  beforeSave?: () => boolean;
  /** Shown instead of Save (Submit for review, for a page only a reviewer may change). */
  saveButton?: ReactNode;
  /** Under the page options, above History (the pages that link here). */
  sidebar?: ReactNode;
}

/**
 * An add-on's slots, and what it lists at the top of the History panel, apart from the saved
 * versions (the working copy, the scheduled changes): `history`, when it has any.
 */
export type EditorAddonParts = EditorAddonSlots & { history?: ReactNode };

/** What an add-on shows with one block's field. */
export interface BlockParts {
  /** Beside the field's label (a state: 'Outdated'). */
  badge?: ReactNode;
  /** Under the field (what changed in the source, a copy button). */
  below?: ReactNode;
  /** A column beside the field (the block in another locale, read only): side by side. */
  aside?: ReactNode;
}

const noBlockParts = (): BlockParts => ({});

/** The add-ons' block parts, for the block lists of every tab (PageEditorScreen provides them). */
export const BlockPartsContext = createContext<(block: Block) => BlockParts>(noBlockParts);

export function useBlockParts(): (block: Block) => BlockParts {
  return useContext(BlockPartsContext);
}

/** A hook, called on every render of the editor (so it must stay the same function). */
export type UseEditorAddons = (context: EditorAddonContext) => EditorAddonSlots;

export const noAddons: UseEditorAddons = () => ({});

// The scheduled changes' banners say a payload's fields in words, as the editor labels them.
export { describeChanges } from './describeChanges';
export { attributeLabel } from './fields';
// A working copy goes back into the form by the editor's own reverse of its payload.
export { draftFromPayload, loadMedia, unknownMedia } from './restore';
