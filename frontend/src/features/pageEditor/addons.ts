// What the app may add to the editor, and where it shows. The editor cannot import other
// features (ESLint's layer rule): the app composes them (app/editorAddons.tsx) through this.
import type { ReactNode } from 'react';
import type { PageEditorScreenData } from '../../api/types';
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
}

/** A hook, called on every render of the editor (so it must stay the same function). */
export type UseEditorAddons = (context: EditorAddonContext) => EditorAddonSlots;

export const noAddons: UseEditorAddons = () => ({});
