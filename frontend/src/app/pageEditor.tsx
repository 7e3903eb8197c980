// Entry for the page edit screen.
import type { PageEditorScreenData } from '../api/types';
import { PageEditorScreen } from '../features/pageEditor/PageEditorScreen';
import { useEditorAddons } from './editorAddons';
import { mountScreen } from './mount';

mountScreen<PageEditorScreenData>((data) => (
  <PageEditorScreen data={data} useAddons={useEditorAddons} />
));
