import { language, t } from '../../../i18n';
import { DateRange } from '../../../ui/dateRange/DateRange';
import { defaultRange, parseIso } from '../../../ui/dateRange/dates';
import type { DateRangeValue } from '../../../ui/dateRange/dates';
import type { Editor } from '../hooks/useEditor';
import { toIso } from '../model';

/** The page's date range, shown when its template has dates. */
// Month names in the interface language (the content locale marks content only).
export function DatesSection({ editor }: { editor: Editor; locale?: string }) {
  const { draft, errors } = editor;
  const fallback = defaultRange(new Date());
  const value: DateRangeValue = {
    startsAt: parseIso(draft.starts_at) ?? fallback.startsAt,
    endsAt: parseIso(draft.ends_at) ?? fallback.endsAt,
    allDay: draft.all_day,
  };
  const onChange = (range: DateRangeValue) =>
    editor.update((current) => ({
      ...current,
      starts_at: toIso(range.startsAt),
      ends_at: toIso(range.endsAt),
      all_day: range.allDay,
    }));
  return (
    <section className="editor-section" aria-labelledby="dates-heading">
      <h2 className="editor-section__title" id="dates-heading">
        {t('editor.dates')}
      </h2>
      <DateRange
        id="dates"
        value={value}
        onChange={onChange}
        locale={language()}
        errors={{ startsAt: errors.starts_at, endsAt: errors.ends_at, allDay: errors.all_day }}
      />
    </section>
  );
}
