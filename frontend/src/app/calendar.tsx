// Entry for the calendar of dated pages (issue 31, item 6).
import type { CalendarScreenData } from '../api/types';
import { CalendarScreen } from '../features/calendar/CalendarScreen';
import { mountScreen } from './mount';

mountScreen<CalendarScreenData>((data) => <CalendarScreen data={data} />);
