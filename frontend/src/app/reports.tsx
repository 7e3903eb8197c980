// Entry for the reports screen (issue 31, item 7).
import { ReportsScreen } from '../features/reports/ReportsScreen';
import type { ReportsScreenData } from '../features/reports/api';
import { mountScreen } from './mount';

mountScreen<ReportsScreenData>((data) => <ReportsScreen data={data} />);
