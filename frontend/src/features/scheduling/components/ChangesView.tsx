import { t } from '../../../i18n';
import type { ChangeRow } from '../types';

interface ChangesViewProps {
  id: string;
  caption: string;
  rows: readonly ChangeRow[];
  /** 'view': the values it sets; 'compare': the values now beside them. */
  mode: 'view' | 'compare';
}

function Value({ text, long }: { text: string; long?: boolean }) {
  if (text === '') return <span className="scheduled-changes__empty">{t('schedule.empty')}</span>;
  return <span className={long ? 'scheduled-changes__text' : undefined}>{text}</span>;
}

/** The fields a scheduled change sets, alone or beside their values now. */
export function ChangesView({ id, caption, rows, mode }: ChangesViewProps) {
  if (rows.length === 0) {
    return (
      <p id={id} className="scheduled-changes__none">
        {t('schedule.noChanges')}
      </p>
    );
  }
  return (
    <div id={id} className="scheduled-changes">
      <table className={`scheduled-changes__table scheduled-changes__table--${mode}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('schedule.field')}</th>
            {mode === 'compare' && <th scope="col">{t('schedule.now')}</th>}
            <th scope="col">{t('schedule.then')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.label}</th>
              {mode === 'compare' && (
                <td className="scheduled-changes__now" data-label={t('schedule.now')}>
                  <Value text={row.now} long={row.long} />
                </td>
              )}
              <td className="scheduled-changes__then" data-label={t('schedule.then')}>
                <Value text={row.then} long={row.long} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
