// Entry for the translation report screen (issue 22).
import type { ScreenData } from '../api/types';
import { ReportScreen } from '../features/translations/ReportScreen';
import type { TranslationsScreenData } from '../features/translations/ReportScreen';
import { mountScreen } from './mount';

// The screen's data is TranslationsScreenOut (cms.admin_ui.schemas); typed by hand in
// ReportScreen until the generated types name the screen.
mountScreen<ScreenData>((data) => (
  <ReportScreen data={data as unknown as TranslationsScreenData} />
));
