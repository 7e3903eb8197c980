import { t } from '../../i18n';
import { DateTimeInput } from './DateTimeInput';
import { moveEnd, moveStart } from './dates';
import type { DateRangeValue } from './dates';
import './dateRange.css';

interface DateRangeProps {
  id: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  locale: string;
  errors?: { startsAt?: string; endsAt?: string; allDay?: string };
}

/** Start and end of an event (spec §4): the end follows the start and never precedes it. */
export function DateRange({ id, value, onChange, locale, errors = {} }: DateRangeProps) {
  return (
    <div className="date-range">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.allDay}
          onChange={(event) => onChange({ ...value, allDay: event.target.checked })}
        />
        {t('editor.field.all_day')}
        {errors.allDay && <span className="form-field__error">{errors.allDay}</span>}
      </label>
      <div className="date-range__ends">
        <DateTimeInput
          id={`${id}-starts`}
          label={t('editor.field.starts_at')}
          value={value.startsAt}
          onChange={(startsAt) => onChange(moveStart(value, startsAt))}
          showTime={!value.allDay}
          locale={locale}
          error={errors.startsAt}
        />
        <DateTimeInput
          id={`${id}-ends`}
          label={t('editor.field.ends_at')}
          value={value.endsAt}
          onChange={(endsAt) => onChange(moveEnd(value, endsAt))}
          showTime={!value.allDay}
          locale={locale}
          error={errors.endsAt}
        />
      </div>
    </div>
  );
}
