import type { Block } from '../../../api/types';
import type { Editor } from '../hooks/useEditor';
import { BlockField } from './BlockField';

/** Fields for a list of blocks, bound to the editor's draft. */
export function BlockList({ blocks, editor }: { blocks: readonly Block[]; editor: Editor }) {
  return (
    <>
      {blocks.map((block) => (
        <BlockField
          key={block.name}
          block={block}
          value={editor.draft.blocks[block.name] ?? ''}
          error={editor.errors[block.name]}
          onChange={(value) =>
            editor.update((draft) => ({
              ...draft,
              blocks: { ...draft.blocks, [block.name]: value },
            }))
          }
        />
      ))}
    </>
  );
}
