import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../api/types';
import { t } from '../../i18n';
import { Pager } from '../../ui/pager/Pager';
import { REPORTS_PAGE_SIZE } from './api';
import type { ExternalContent, ExternalReference, ReportsApi } from './api';
import { PageName } from './PageName';
import { Status } from './Status';
import { useReport } from './useReport';

interface ExternalPanelProps {
  locale: string;
  locales: readonly Locale[];
  api: ReportsApi;
  initial: ExternalContent | null;
  host: string;
  page: number;
  onChange: (host: string, page: number) => void;
}

/** The external content of the pages' texts, per page, block and locale; filtered by host. */
export function ExternalPanel(props: ExternalPanelProps) {
  const { locale, locales, api, initial, host, page, onChange } = props;
  const [typed, setTyped] = useState(host);
  const report = useReport(initial, `${host}\n${page}`, () => api.external(locale, host, page));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(typed.trim(), 1);
  };
  const data = report.data;
  const count = Math.max(1, Math.ceil((data?.total ?? 0) / REPORTS_PAGE_SIZE));
  const status = !data
    ? ''
    : data.total === 0
      ? host
        ? t('reports.external.noneFor', { host })
        : t('reports.external.none')
      : data.more
        ? t('reports.external.more', { count: data.total })
        : t('reports.external.count', { count: data.total });
  return (
    <>
      <p className="reports__intro">{t('reports.external.intro')}</p>
      <form className="reports__filter" role="search" onSubmit={submit}>
        <div className="reports__field">
          <label htmlFor="reports-host">{t('reports.external.host')}</label>
          <input
            id="reports-host"
            className="input"
            type="search"
            dir="ltr"
            maxLength={253}
            value={typed}
            placeholder="youtube"
            aria-describedby="reports-host-hint"
            onChange={(event) => setTyped(event.target.value)}
          />
          <span id="reports-host-hint" className="reports__hint">
            {t('reports.external.hostHint')}
          </span>
        </div>
        <div className="reports__actions">
          <button type="submit" className="button button--primary">
            {t('reports.external.filter')}
          </button>
          {host && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setTyped('');
                onChange('', 1);
              }}
            >
              {t('reports.external.clear')}
            </button>
          )}
        </div>
      </form>
      <Status failed={report.failed} loading={!data} retry={report.retry} text={status} />
      {data && data.items.length > 0 && (
        <ol className="reports__list">
          {data.items.map((item, index) => (
            <ReferenceItem key={index} item={item} locale={locale} locales={locales} />
          ))}
        </ol>
      )}
      <Pager list="report" page={page} pages={count} onPage={(next) => onChange(host, next)} />
    </>
  );
}

interface ReferenceItemProps {
  item: ExternalReference;
  locale: string;
  locales: readonly Locale[];
}

function ReferenceItem({ item, locale, locales }: ReferenceItemProps) {
  const blockLocale = locales.find((entry) => entry.code === item.locale);
  return (
    <li className="reports__item reports__reference">
      <PageName
        locale={locale}
        locales={locales}
        pageId={item.page_id}
        name={item.name}
        nameLocale={item.name_locale}
        editIn={item.locale}
      />
      <span className="reports__where">
        {item.block_title}
        {' · '}
        {blockLocale ? blockLocale.name : t('reports.external.shared')}
      </span>
      <span className="reports__what">
        <span className={`reports__badge reports__badge--${item.kind}`}>
          {t(`reports.kind.${item.kind}`)}
        </span>{' '}
        <strong dir="ltr">{item.host}</strong>
        <span className="reports__url" dir="ltr">
          {item.url}
        </span>
      </span>
    </li>
  );
}
