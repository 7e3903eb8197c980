// Entry for the page edit screen.
import { PageEditorScreen } from '../features/pageEditor/PageEditorScreen';
import type { PageEditorInitialData } from '../features/pageEditor/PageEditorScreen';
import { mountScreen } from './mount';

mountScreen<PageEditorInitialData>((data) => <PageEditorScreen data={data} />);
