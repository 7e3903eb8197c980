import type { Editor } from '../hooks/useEditor';
import { BlockList } from './BlockList';

export const UNCONFIGURED_EXPLANATION =
  'This page has content fields that are not enabled by the selected template. They are not shown on the website, but they are kept: edit or clear them here.';

/** Blocks holding content outside the selected template. */
export function UnconfiguredTab({ editor }: { editor: Editor }) {
  return (
    <div className="editor-fields">
      <p className="editor-note">{UNCONFIGURED_EXPLANATION}</p>
      <BlockList blocks={editor.unconfigured} editor={editor} />
    </div>
  );
}
