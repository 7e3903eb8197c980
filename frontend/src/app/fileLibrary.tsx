// Entry for the file library screen.
import { FileLibraryScreen } from '../features/attachments/FileLibraryScreen';
import type { FileLibraryScreenData } from '../features/attachments/FileLibraryScreen';
import { mountScreen } from './mount';

mountScreen<FileLibraryScreenData>((data) => <FileLibraryScreen data={data} />);
