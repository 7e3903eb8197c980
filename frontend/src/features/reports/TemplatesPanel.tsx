import type { Locale } from '../../api/types';
import { t } from '../../i18n';
import { Pager } from '../../ui/pager/Pager';
import { REPORTS_PAGE_SIZE } from './api';
import type { ReportsApi, TemplatesReport, TemplateUse } from './api';
import { PageName } from './PageName';
import { Status } from './Status';
import { useReport } from './useReport';

interface TemplatesPanelProps {
  locale: string;
  locales: readonly Locale[];
  api: ReportsApi;
  initial: TemplatesReport | null;
  /** The template whose pages are listed ('' for none). */
  template: string;
  page: number;
  onChange: (template: string, page: number) => void;
}

/** Every template with how many pages use it; a chosen one's pages, each to its editor. */
export function TemplatesPanel(props: TemplatesPanelProps) {
  const { locale, locales, api, initial, template, page, onChange } = props;
  const report = useReport(initial, `${template}\n${page}`, () =>
    api.templates(locale, template || null, page),
  );
  const chosen = report.data?.templates.find((item) => item.template_name === template);
  const pages = report.data?.pages;
  const count = Math.max(1, Math.ceil((pages?.total ?? 0) / REPORTS_PAGE_SIZE));
  return (
    <>
      <p className="reports__intro">{t('reports.templates.intro')}</p>
      {!report.data ? (
        <Status failed={report.failed} loading retry={report.retry} text="" />
      ) : (
        <table className="reports__table">
          <thead>
            <tr>
              <th scope="col">{t('reports.templates.template')}</th>
              <th scope="col" className="reports__number">
                {t('reports.templates.pages')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.data.templates.map((item) => (
              <TemplateRow
                key={item.template_name}
                item={item}
                current={item.template_name === template}
                onShow={() => onChange(item.template_name, 1)}
              />
            ))}
          </tbody>
        </table>
      )}
      {template && (
        <section className="reports__pages" aria-labelledby="reports-pages-title">
          <h2 id="reports-pages-title" className="reports__subtitle">
            {t('reports.templates.pagesOf', { template: chosen?.name ?? template })}
          </h2>
          <Status
            failed={report.failed}
            loading={!report.data}
            retry={report.retry}
            text={
              pages && pages.total > 0
                ? t('reports.templates.count', { count: pages.total })
                : t('reports.templates.none')
            }
          />
          {pages && pages.items.length > 0 && (
            <ol className="reports__list">
              {pages.items.map((item) => (
                <li key={item.page_id} className="reports__item">
                  <PageName
                    locale={locale}
                    locales={locales}
                    pageId={item.page_id}
                    name={item.name}
                    nameLocale={item.name_locale}
                  />
                  <span className="reports__muted">
                    {t(`page.status.${item.status}` as 'page.status.0')}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <Pager
            list="report"
            page={page}
            pages={count}
            onPage={(next) => onChange(template, next)}
          />
        </section>
      )}
    </>
  );
}

interface TemplateRowProps {
  item: TemplateUse;
  current: boolean;
  onShow: () => void;
}

function TemplateRow({ item, current, onShow }: TemplateRowProps) {
  return (
    <tr className={current ? 'reports__current' : undefined}>
      <th scope="row">
        <span className="reports__template-name">{item.name}</span>{' '}
        <code className="reports__key">{item.template_name}</code>
        {!item.known && (
          <span className="reports__badge reports__badge--warn">
            {t('reports.templates.unknown')}
          </span>
        )}
      </th>
      <td className="reports__number">
        {item.pages === 0 ? (
          <span className="reports__badge">{t('reports.templates.unused')}</span>
        ) : (
          <button
            type="button"
            className="button button--link"
            aria-pressed={current}
            aria-label={`${t('reports.templates.show')}: ${item.name}`}
            onClick={onShow}
          >
            {t('reports.templates.count', { count: item.pages })}
          </button>
        )}
      </td>
    </tr>
  );
}
