import { t } from '../../../i18n';
import type { RestoreLocale } from '../types';

interface RestoreLocalesProps {
  rows: readonly RestoreLocale[];
  chosen: ReadonlySet<string>;
  onChange: (locale: string, on: boolean) => void;
  /** The locale named in running text in the interface language. */
  localeName: (code: string) => string;
  disabled: boolean;
}

/**
 * The restore's languages (issue 28, item 1): each locale in which the restore changes
 * something, what it changes, ticked as the server restores by default (the locales the version
 * had a name in), and — where ticking it takes the page's name away — how many pages leave
 * the site in that language.
 */
export function RestoreLocales({
  rows,
  chosen,
  onChange,
  localeName,
  disabled,
}: RestoreLocalesProps) {
  const changing = rows.filter((row) => row.changes);
  if (changing.length === 0) {
    return <p className="revisions-note">{t('revisions.restore.noLocaleChanges')}</p>;
  }
  return (
    <fieldset className="restore-locales">
      <legend className="restore-locales__legend">{t('revisions.restore.locales')}</legend>
      <ul className="restore-locales__list">
        {changing.map((row) => {
          const locale = localeName(row.locale);
          const on = chosen.has(row.locale);
          const id = `restore-locale-${row.locale}`;
          return (
            <li key={row.locale} className="restore-locale">
              <input
                id={id}
                type="checkbox"
                checked={on}
                disabled={disabled}
                onChange={(event) => onChange(row.locale, event.target.checked)}
              />
              <div className="restore-locale__body">
                <label htmlFor={id} className="restore-locale__name">
                  {locale}
                </label>
                <ul className="restore-locale__changes">
                  {changes(row).map((change) => (
                    <li key={change} dir="auto">
                      {change}
                    </li>
                  ))}
                </ul>
                {row.loses_name && !on && (
                  <p className="restore-locale__note">
                    {t('revisions.restore.notInVersion', { locale })}
                  </p>
                )}
                {row.loses_name && on && (
                  <p className="revisions-note revisions-note--warning" role="alert">
                    {t('revisions.restore.losesName', { count: row.pages_leaving, locale })}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** What restoring one locale changes, in words (the name that goes is said apart). */
function changes(row: RestoreLocale): string[] {
  const said: string[] = [];
  if (!row.loses_name && row.name_from !== row.name_to) {
    said.push(
      row.name_from
        ? t('revisions.restore.name', { from: row.name_from, to: row.name_to })
        : t('revisions.restore.nameBack', { name: row.name_to }),
    );
  }
  if (!row.loses_name && row.path_segment_from !== row.path_segment_to && row.path_segment_to) {
    said.push(
      t('revisions.restore.segment', {
        from: row.path_segment_from || t('revisions.none'),
        to: row.path_segment_to,
      }),
    );
  }
  if (row.changed_blocks.length > 0) {
    said.push(
      t('revisions.restore.blocks', {
        blocks: row.changed_blocks.map((block) => block.title).join(t('history.listSeparator')),
      }),
    );
  }
  return said;
}
