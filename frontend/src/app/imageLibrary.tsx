// Entry for the image library screen.
import type { ImageLibraryScreenData } from '../api/types';
import { ImageLibraryScreen } from '../features/images/ImageLibraryScreen';
import { mountScreen } from './mount';

mountScreen<ImageLibraryScreenData>((data) => <ImageLibraryScreen data={data} />);
