import { useState } from 'react';
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

/**
 * Start and end of an event (spec §4): the end follows the start and never precedes it. An end
 * chosen before the start is set to the start, with a note beside the end saying so.
 */
export function DateRange({ id, value, onChange, locale, errors = {} }: DateRangeProps) {
  const [endClamped, setEndClamped] = useState(false);
  const changeEnd = (endsAt: Date) => {
    const next = moveEnd(value, endsAt);
    setEndClamped(next.endsAt.getTime() !== endsAt.getTime());
    onChange(next);
  };
  return (
    <div className="date-range">
      <label className="checkbox">
        <input
          type="checkbox"
          id={`${id}-all-day`}
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
          onChange={(startsAt) => {
            setEndClamped(false);
            onChange(moveStart(value, startsAt));
          }}
          showTime={!value.allDay}
          locale={locale}
          error={errors.startsAt}
        />
        <DateTimeInput
          id={`${id}-ends`}
          label={t('editor.field.ends_at')}
          value={value.endsAt}
          onChange={changeEnd}
          showTime={!value.allDay}
          locale={locale}
          error={errors.endsAt}
          note={endClamped ? t('date.endClamped') : undefined}
        />
      </div>
    </div>
  );
}
