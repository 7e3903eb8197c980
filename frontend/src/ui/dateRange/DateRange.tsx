import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import { DateTimeInput } from './DateTimeInput';
import { defaultRange, moveEnd, moveStart } from './dates';
import type { DateRangeValue } from './dates';
import './dateRange.css';

interface DateRangeProps {
  id: string;
  /** The range, or null: no dates (none is made up until the editor sets one). */
  value: DateRangeValue | null;
  onChange: (value: DateRangeValue | null) => void;
  locale: string;
  errors?: { startsAt?: string; endsAt?: string; allDay?: string };
}

/**
 * Start and end of an event (spec §4): the end follows the start and never precedes it. An end
 * chosen before the start is set to the start, with a note beside the end saying so. A page
 * without dates keeps none until "Set dates" gives the default range (spec §9: the next full
 * hour plus one second, for an hour); "Clear dates" takes them away again.
 */
export function DateRange({ id, value, onChange, locale, errors = {} }: DateRangeProps) {
  const [endClamped, setEndClamped] = useState(false);
  // Where the focus goes once the controls it was on have gone (set or cleared by a button).
  const focusNext = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const isSet = value !== null;
  useEffect(() => {
    const selector = focusNext.current;
    focusNext.current = null;
    if (selector) root.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [isSet]);

  if (!value) {
    return (
      <div className="date-range date-range--empty" ref={root}>
        <p className="date-range__none">{t('date.none')}</p>
        <button
          type="button"
          className="button"
          id={`${id}-set`}
          onClick={() => {
            focusNext.current = 'select';
            onChange(defaultRange(new Date()));
          }}
        >
          {t('date.set')}
        </button>
        {errors.startsAt && <p className="form-field__error">{errors.startsAt}</p>}
      </div>
    );
  }

  const changeEnd = (endsAt: Date) => {
    const next = moveEnd(value, endsAt);
    setEndClamped(next.endsAt.getTime() !== endsAt.getTime());
    onChange(next);
  };
  return (
    <div className="date-range" ref={root}>
      <div className="date-range__head">
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
        <button
          type="button"
          className="button"
          onClick={() => {
            focusNext.current = 'button';
            setEndClamped(false);
            onChange(null);
          }}
        >
          {t('date.clear')}
        </button>
      </div>
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
