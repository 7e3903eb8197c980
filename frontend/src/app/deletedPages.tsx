// Entry for the Deleted pages screen (issue 31, item 1).
import { DeletedPagesScreen } from '../features/deletedPages/DeletedPagesScreen';
import type { DeletedPagesScreenData } from '../features/deletedPages/DeletedPagesScreen';
import { mountScreen } from './mount';

mountScreen<DeletedPagesScreenData>((data) => <DeletedPagesScreen data={data} />);
