import { t } from '../../../i18n';
import type { Editor } from '../hooks/useEditor';
import { BlockList } from './BlockList';

export const UNCONFIGURED_EXPLANATION = t('editor.unconfigured');

/** Blocks holding content outside the selected template. */
export function UnconfiguredTab({ editor }: { editor: Editor }) {
  return (
    <div className="editor-fields">
      <p className="editor-note">{UNCONFIGURED_EXPLANATION}</p>
      <BlockList blocks={editor.unconfigured} editor={editor} />
    </div>
  );
}
