// Entry for the page tree screen.
import { PageTreeScreen } from '../features/pageTree/PageTreeScreen';
import type { PageTreeInitialData } from '../features/pageTree/PageTreeScreen';
import { mountScreen } from './mount';

mountScreen<PageTreeInitialData>((data) => <PageTreeScreen data={data} />);
