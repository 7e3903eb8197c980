import type { Block } from '../../../api/types';
import { useBlockParts } from '../addons';
import type { Editor } from '../hooks/useEditor';
import { BlockField } from './BlockField';

/** Fields for a list of blocks, bound to the editor's draft, with what add-ons show by each. */
export function BlockList({ blocks, editor }: { blocks: readonly Block[]; editor: Editor }) {
  const partsOf = useBlockParts();
  return (
    <>
      {blocks.map((block) => {
        const parts = partsOf(block);
        const field = (
          <BlockField
            key={block.name}
            block={block}
            value={editor.draft.blocks[block.name] ?? ''}
            error={editor.errors[block.name]}
            extra={parts.badge}
            onChange={(value) =>
              editor.update((draft) => ({
                ...draft,
                blocks: { ...draft.blocks, [block.name]: value },
              }))
            }
          />
        );
        if (!parts.below && !parts.aside) return field;
        // Side by side: the other locale's block, read only, then the field being edited.
        return (
          <div
            key={block.name}
            className={parts.aside ? 'editor-block editor-block--pair' : 'editor-block'}
          >
            {parts.aside}
            <div className="editor-block__edit">
              {field}
              {parts.below}
            </div>
          </div>
        );
      })}
    </>
  );
}
