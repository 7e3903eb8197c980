// Entry for the translation report screen (issue 22).
import type { TranslationsScreenData } from '../api/types';
import { ReportScreen } from '../features/translations/ReportScreen';
import { mountScreen } from './mount';

mountScreen<TranslationsScreenData>((data) => <ReportScreen data={data} />);
