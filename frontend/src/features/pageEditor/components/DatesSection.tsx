import { language, t } from '../../../i18n';
import { DateRange } from '../../../ui/dateRange/DateRange';
import type { DateRangeValue } from '../../../ui/dateRange/dates';
import type { Editor } from '../hooks/useEditor';
import { datesOf, withDates } from '../model';

/** The page's date range, shown when its template has dates. */
// Month names in the interface language (the content locale marks content only).
export function DatesSection({ editor }: { editor: Editor; locale?: string }) {
  const { draft, errors } = editor;
  const onChange = (range: DateRangeValue | null) =>
    editor.update((current) => withDates(current, range));
  return (
    <section className="editor-section" aria-labelledby="dates-heading">
      <h2 className="editor-section__title" id="dates-heading">
        {t('editor.dates')}
      </h2>
      <DateRange
        id="dates"
        value={datesOf(draft)}
        onChange={onChange}
        locale={language()}
        errors={{ startsAt: errors.starts_at, endsAt: errors.ends_at, allDay: errors.all_day }}
      />
    </section>
  );
}
