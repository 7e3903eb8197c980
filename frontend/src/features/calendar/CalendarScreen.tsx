import { useEffect, useMemo, useState } from 'react';
import type { CalendarItem, CalendarMonth, CalendarScreenData } from '../../api/types';
import { language, t } from '../../i18n';
import { editPageUrl } from '../../lib/page';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { calendarUrl } from '../../lib/datedLinks';
import { calendarApi } from './api';
import type { CalendarApi } from './api';
import {
  byDay,
  currentMonth,
  dayKey,
  formatMonth,
  parseMonth,
  shiftMonth,
  weekStartOf,
  weeks,
} from './calendar';
import type { Month } from './calendar';
import './calendar.css';

const PHONE = '(max-width: 40rem)';

interface CalendarScreenProps {
  data: CalendarScreenData;
  api?: CalendarApi;
}

/**
 * The calendar of dated pages (issue 31, item 6): a month of pages with a start (and an end),
 * all-day or timed, in the browser's time zone; a grid on a wide screen, a list of days on a
 * phone; each page links to its editor.
 */
export function CalendarScreen({ data, api = calendarApi }: CalendarScreenProps) {
  const { locale } = data;
  const [month, setMonth] = useState<Month>(() => parseMonth(data.month) ?? currentMonth());
  // The last answer, for the month it answers: another month shows "Loading…" until its own.
  const [result, setResult] = useState<{ key: string; answer?: CalendarMonth } | null>(null);
  const phone = useMediaQuery(PHONE);
  const lang = language();

  useEffect(() => {
    const controller = new AbortController();
    const key = `${locale}/${formatMonth(month)}`;
    api.month(locale, month, controller.signal).then(
      (answer) => setResult({ key, answer }),
      () => {
        if (!controller.signal.aborted) setResult({ key });
      },
    );
    return () => controller.abort();
  }, [api, locale, month]);

  const current = result?.key === `${locale}/${formatMonth(month)}` ? result : null;
  const answer = current?.answer ?? null;
  const failed = current !== null && !current.answer;
  const go = (next: Month) => {
    window.history.replaceState(null, '', calendarUrl(locale, formatMonth(next)));
    setMonth(next);
  };
  const days = useMemo(() => (answer ? byDay(answer.items, month) : new Map()), [answer, month]);
  const title = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
    month: 'long',
    year: 'numeric',
  }).format(new Date(month.year, month.month - 1, 1));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <>
      <ScreenHeader
        data={data}
        section="pages"
        localeHref={(code) => calendarUrl(code, formatMonth(month))}
      />
      <main id={MAIN_ID} className="page-main calendar">
        <h1 className="page-title">{t('calendar.title')}</h1>
        <div className="calendar__bar">
          <button type="button" className="button" onClick={() => go(shiftMonth(month, -1))}>
            <span aria-hidden="true">{lang === 'ar' ? '→' : '←'}</span> {t('calendar.previous')}
          </button>
          <h2 className="calendar__month" aria-live="polite">
            {title}
          </h2>
          <button type="button" className="button" onClick={() => go(shiftMonth(month, 1))}>
            {t('calendar.next')} <span aria-hidden="true">{lang === 'ar' ? '←' : '→'}</span>
          </button>
          <button type="button" className="button" onClick={() => go(currentMonth())}>
            {t('calendar.today')}
          </button>
        </div>
        <p className="calendar__zone">{t('calendar.zone', { zone })}</p>
        {failed && (
          <p role="alert" className="calendar__failed">
            {t('calendar.failed')}
          </p>
        )}
        {!answer && !failed && <p className="calendar__loading">{t('calendar.loading')}</p>}
        {answer?.truncated && (
          <p className="calendar__truncated">{t('calendar.truncated', { count: answer.cap })}</p>
        )}
        {answer &&
          (phone ? (
            <DayList month={month} days={days} locale={locale} lang={lang} />
          ) : (
            <MonthGrid month={month} days={days} locale={locale} lang={lang} />
          ))}
      </main>
    </>
  );
}

interface ViewProps {
  month: Month;
  days: Map<string, CalendarItem[]>;
  locale: string;
  lang: string;
}

function MonthGrid({ month, days, locale, lang }: ViewProps) {
  const start = weekStartOf(lang);
  const rows = weeks(month, start);
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short' });
  // 1 January 2023 was a Sunday.
  const names = Array.from({ length: 7 }, (_, i) =>
    weekday.format(new Date(2023, 0, 1 + ((start + i) % 7))),
  );
  const today = dayKey(new Date());
  return (
    <table className="calendar__grid">
      <thead>
        <tr>
          {names.map((name, index) => (
            <th key={index} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((day, cell) =>
              day ? (
                <td key={cell} className={dayKey(day) === today ? 'is-today' : undefined}>
                  <span className="calendar__day">{day.getDate()}</span>
                  <Entries items={days.get(dayKey(day)) ?? []} locale={locale} lang={lang} />
                </td>
              ) : (
                <td key={cell} className="is-outside" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayList({ month, days, locale, lang }: ViewProps) {
  const keys = [...days.keys()].sort();
  if (keys.length === 0) return <p className="calendar__none">{t('calendar.none')}</p>;
  const format = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  return (
    <ol className="calendar__days" aria-label={formatMonth(month)}>
      {keys.map((key) => {
        const date = new Date(
          Number(key.slice(0, 4)),
          Number(key.slice(5, 7)) - 1,
          Number(key.slice(8, 10)),
        );
        return (
          <li key={key}>
            <h3 className="calendar__dayname">{format.format(date)}</h3>
            <Entries items={days.get(key) ?? []} locale={locale} lang={lang} />
          </li>
        );
      })}
    </ol>
  );
}

function Entries({ items, locale, lang }: { items: CalendarItem[]; locale: string; lang: string }) {
  if (items.length === 0) return null;
  const time = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { timeStyle: 'short' });
  return (
    <ul className="calendar__entries">
      {items.map((item) => (
        <li key={item.id} className={item.all_day ? 'is-all-day' : 'is-timed'}>
          <a href={editPageUrl(locale, item.id)}>
            <span className="calendar__time">
              {item.all_day
                ? t('calendar.allDay')
                : time.format(new Date(item.starts_at)) +
                  (item.ends_at ? `–${time.format(new Date(item.ends_at))}` : '')}
            </span>{' '}
            <span className="calendar__name">
              {item.name || t('calendar.untitled', { id: item.id })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
