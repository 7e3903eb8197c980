// Entry for the page tree screen.
import type { PageTreeScreenData } from '../api/types';
import { PageTreeScreen } from '../features/pageTree/PageTreeScreen';
import { mountScreen } from './mount';

mountScreen<PageTreeScreenData>((data) => <PageTreeScreen data={data} />);
