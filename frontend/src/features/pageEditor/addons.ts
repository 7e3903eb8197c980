// What the app may add to the editor, and where it shows. The editor cannot import other
// features (ESLint's layer rule): the app composes them (app/editorAddons.tsx) through this.
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
}

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
