import { useCallback, useMemo, useState } from 'react';
import type { Locale } from '../../../api/types';
import { ImageGrid } from '../../../entities/media/images/ImageGrid';
import { ImageMetadataDialog } from '../../../entities/media/images/ImageMetadataDialog';
import { imageApi } from '../../../entities/media/images/api';
import type { ImageApi } from '../../../entities/media/images/api';
import {
  gridItems,
  makePrimary,
  moveItem,
  removeItem,
  replaceImage,
} from '../../../entities/media/images/grid';
import type { ImageGridState } from '../../../entities/media/images/grid';
import { useImageUploads } from '../../../entities/media/images/useImageUploads';
import type { Editor } from '../hooks/useEditor';

interface ImagesTabProps {
  editor: Pick<Editor, 'draft' | 'update'>;
  /** The content locale: the alternative text it must have. */
  locale: string;
  locales: readonly Locale[];
  api?: ImageApi;
}

/** The Images tab (spec §2): the page's image grid, uploads and the image metadata editor. */
export function ImagesTab({ editor, locale, locales, api = imageApi }: ImagesTabProps) {
  const { update } = editor;
  const grid = editor.draft.images;
  const [editing, setEditing] = useState<string | null>(null);
  const change = useCallback(
    (next: (state: ImageGridState) => ImageGridState) =>
      update((draft) => ({ ...draft, images: next(draft.images) })),
    [update],
  );
  const codes = useMemo(() => locales.map((item) => item.code), [locales]);
  const upload = useImageUploads(change, api, codes);
  const edited = gridItems(grid).find((item) => item.key === editing);

  return (
    <div className="images-tab" id="images-tab">
      <ImageGrid
        state={grid}
        locale={locale}
        onFiles={upload}
        onEdit={setEditing}
        onRemove={(key) => change((state) => removeItem(state, key))}
        onMakePrimary={(key) => change((state) => makePrimary(state, key))}
        onMove={(active, over) => change((state) => moveItem(state, active, over))}
      />
      {edited?.kind === 'image' && (
        <ImageMetadataDialog
          image={edited.image}
          locales={locales}
          api={api}
          onSaved={(image) => change((state) => replaceImage(state, image))}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
