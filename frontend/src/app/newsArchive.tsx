// Entry for the news archive screen (issue 31, item 5).
import type { NewsArchiveScreenData } from '../api/types';
import { ArchiveScreen } from '../features/newsArchive/ArchiveScreen';
import { mountScreen } from './mount';

mountScreen<NewsArchiveScreenData>((data) => <ArchiveScreen data={data} />);
