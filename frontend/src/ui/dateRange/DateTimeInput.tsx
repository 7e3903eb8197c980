import { t } from '../../i18n';
import { useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import { FieldGroup } from '../form/FormField';
import { dayOptions, formatTime, parseTime, withDatePart, withTime, yearOptions } from './dates';
import type { DatePart } from './dates';
import './dateRange.css';

interface DateTimeInputProps {
  id: string;
  label: string;
  value: Date;
  onChange: (value: Date) => void;
  showTime: boolean;
  /** Locale code for the month names. */
  locale: string;
  error?: string;
  /** A short note beside the field about what became of the value (such as a corrected end). */
  note?: string;
  /** The years offered (the value's own is always among them); default: YEAR_SPAN either side
   *  of this year. */
  years?: { first: number; last: number };
}

function monthNames(locale: string): string[] {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { month: 'long' });
  } catch {
    format = new Intl.DateTimeFormat('en', { month: 'long' });
  }
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(2000, month, 15)));
}

/** A local date (day, month, year lists) and an optional typed time of day. */
export function DateTimeInput({
  id,
  label,
  value,
  onChange,
  showTime,
  locale,
  error,
  note,
  years,
}: DateTimeInputProps) {
  const months = useMemo(() => monthNames(locale), [locale]);
  const [currentYear] = useState(() => new Date().getFullYear());
  // The text being typed; null shows the value's own time.
  const [typedTime, setTypedTime] = useState<string | null>(null);

  const change = (part: DatePart) => (event: ChangeEvent<HTMLSelectElement>) =>
    onChange(withDatePart(value, part, Number(event.target.value)));

  // A typed time that is not H or H:MM is ignored (spec §5); say so instead of keeping silent.
  const ignored = typedTime !== null && typedTime.trim() !== '' && parseTime(typedTime) === null;
  const hintId = `${id}-time-hint`;
  const noteId = `${id}-note`;
  const described = note ? noteId : undefined;

  const typeTime = (text: string) => {
    setTypedTime(text);
    const time = parseTime(text);
    // Anything but H or H:MM is ignored: the value keeps its time.
    if (time) onChange(withTime(value, time));
  };

  return (
    <FieldGroup id={id} legend={label} error={error} className="date-time">
      <div className="date-time__row">
        <select
          className="input date-time__day"
          aria-label={t('date.day', { label })}
          aria-describedby={described}
          value={value.getDate()}
          onChange={change('day')}
        >
          {dayOptions(value).map((day) => (
            <option key={day} value={day}>
              {day}
            </option>
          ))}
        </select>
        <select
          className="input date-time__month"
          aria-label={t('date.month', { label })}
          aria-describedby={described}
          value={value.getMonth()}
          onChange={change('month')}
        >
          {months.map((name, month) => (
            <option key={name} value={month}>
              {name}
            </option>
          ))}
        </select>
        <select
          className="input date-time__year"
          aria-label={t('date.year', { label })}
          aria-describedby={described}
          value={value.getFullYear()}
          onChange={change('year')}
        >
          {yearOptions(currentYear, value.getFullYear(), years).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        {showTime && (
          <input
            className="input date-time__time"
            aria-label={t('date.time', { label })}
            inputMode="numeric"
            dir="ltr"
            placeholder="HH:MM"
            value={typedTime ?? formatTime(value)}
            aria-invalid={ignored || undefined}
            aria-describedby={[ignored && hintId, described].filter(Boolean).join(' ') || undefined}
            onChange={(event) => typeTime(event.target.value)}
            onBlur={() => setTypedTime(null)}
          />
        )}
      </div>
      {showTime && (
        <p className="date-time__hint" id={hintId} aria-live="polite">
          {ignored && t('date.timeIgnored', { typed: typedTime.trim(), time: formatTime(value) })}
        </p>
      )}
      {/* Always there, so screen readers hear a note when it appears. */}
      <p className="date-time__note" id={noteId} aria-live="polite">
        {note}
      </p>
    </FieldGroup>
  );
}
