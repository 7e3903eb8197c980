// The calendar's call: GET /admin/{locale}/calendar.json?month=YYYY-MM&offset=minutes.
import type { CalendarMonth } from '../../api/types';
import { getJSON } from '../../lib/http';
import { formatMonth, offsetMinutes } from './calendar';
import type { Month } from './calendar';

export interface CalendarApi {
  month(locale: string, month: Month, signal?: AbortSignal): Promise<CalendarMonth>;
}

export const calendarApi: CalendarApi = {
  month(locale, month, signal) {
    const query = new URLSearchParams({
      month: formatMonth(month),
      offset: String(offsetMinutes(month)),
    });
    return getJSON<CalendarMonth>(
      `/admin/${encodeURIComponent(locale)}/calendar.json?${query.toString()}`,
      { signal },
    );
  },
};
