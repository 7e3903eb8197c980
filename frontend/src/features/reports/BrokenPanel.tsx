import { useEffect, useMemo, useState } from 'react';
import type { BrokenLink, Locale, Template } from '../../api/types';
import { blockTitles } from '../../entities/history/blockTitles';
import { reasonText } from '../../entities/links/reasons';
import { language, t } from '../../i18n';
import { editPageUrl, localizedName } from '../../lib/page';
import { Pager } from '../../ui/pager/Pager';
import { REPORTS_PAGE_SIZE } from './api';
import type { ReportsApi } from './api';
import { PageName } from './PageName';
import { Status } from './Status';
import { SubtreePicker } from './SubtreePicker';
import { useReport } from './useReport';

interface BrokenPanelProps {
  locale: string;
  locales: readonly Locale[];
  api: ReportsApi;
  /** The page whose subtree's links are listed (null: the whole site). */
  under: number | null;
  page: number;
  onChange: (under: number | null, page: number) => void;
}

/**
 * The broken links written in this locale's texts and the shared blocks (issue 33): internal
 * ones to a deleted, unpublished or missing page, and what the checker found of external
 * ones; 50 a page, of the whole site or of one page's subtree.
 */
export function BrokenPanel(props: BrokenPanelProps) {
  const { locale, locales, api, under, page, onChange } = props;
  const report = useReport(null, `${under}\n${page}`, () => api.broken(locale, under, page));
  const titleOf = useBlockTitles(api, locale);
  const underName = usePageName(api, locale, locales, under);
  const data = report.data;
  const count = Math.max(1, Math.ceil((data?.total ?? 0) / REPORTS_PAGE_SIZE));
  const status = !data
    ? ''
    : data.total === 0
      ? t('reports.broken.none')
      : t('reports.broken.count', { count: data.total });
  return (
    <>
      <p className="reports__intro">{t('reports.broken.intro')}</p>
      {under === null ? (
        <SubtreePicker
          locale={locale}
          locales={locales}
          api={api}
          onChoose={(id) => onChange(id, 1)}
        />
      ) : (
        <div className="reports__filter">
          <p className="reports__under">
            {t('reports.broken.under', {
              name: `\u2068${underName ?? t('reports.broken.page', { id: under })}\u2069`,
            })}
          </p>
          <button type="button" className="button" onClick={() => onChange(null, 1)}>
            {t('reports.broken.clear')}
          </button>
        </div>
      )}
      <Status failed={report.failed} loading={!data} retry={report.retry} text={status} />
      {data && data.links.length > 0 && (
        <ol className="reports__list">
          {data.links.map((item, index) => (
            <BrokenItem
              key={index}
              item={item}
              locale={locale}
              locales={locales}
              blockTitle={titleOf(item.block) ?? item.block}
              onlyHere={item.page_id === under ? null : () => onChange(item.page_id, 1)}
            />
          ))}
        </ol>
      )}
      <Pager list="report" page={page} pages={count} onPage={(next) => onChange(under, next)} />
    </>
  );
}

interface BrokenItemProps {
  item: BrokenLink;
  locale: string;
  locales: readonly Locale[];
  blockTitle: string;
  /** Narrow the report to this row's page and the pages below it. */
  onlyHere: (() => void) | null;
}

function BrokenItem({ item, locale, locales, blockTitle, onlyHere }: BrokenItemProps) {
  const blockLocale = locales.find((entry) => entry.code === item.locale);
  // The editor opens in the block's locale, where the link is written.
  const editIn = item.locale || locale;
  return (
    <li className="reports__item reports__reference">
      {item.name ? (
        <PageName
          locale={locale}
          locales={locales}
          pageId={item.page_id}
          name={item.name}
          nameLocale={item.name_locale}
          editIn={editIn}
        />
      ) : (
        // A page without a name in any locale: named by its id.
        <a className="reports__page" href={editPageUrl(editIn, item.page_id)}>
          {t('reports.broken.page', { id: item.page_id })}
        </a>
      )}
      <span className="reports__where">
        {blockTitle}
        {' · '}
        {blockLocale ? blockLocale.name : t('reports.broken.shared')}
      </span>
      <span className="reports__what">
        <span className="reports__badge reports__badge--warn">{reasonText(item.reason)}</span>
        <span className="reports__url" dir="ltr">
          {item.url}
        </span>
        {item.checked_at && (
          <span className="reports__muted">
            {t('reports.broken.checked', { date: checkedAt(item.checked_at) })}
          </span>
        )}
      </span>
      {onlyHere && (
        <button type="button" className="button button--link reports__only" onClick={onlyHere}>
          {t('reports.broken.onlyHere')}
        </button>
      )}
    </li>
  );
}

/** When the checker looked, in the interface language (the time as the browser's clock reads it). */
function checkedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** A block's title by its name, once the templates are read (the name until then). */
function useBlockTitles(api: ReportsApi, locale: string): (name: string) => string | null {
  const [templates, setTemplates] = useState<Template[]>([]);
  useEffect(() => {
    let live = true;
    api.templateList(locale).then(
      (answer) => live && setTemplates(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, locale]);
  return useMemo(() => blockTitles(templates), [templates]);
}

/** The name of page `id` in the locale (null until read, or when it cannot be). */
function usePageName(
  api: ReportsApi,
  locale: string,
  locales: readonly Locale[],
  id: number | null,
): string | null {
  const [read, setRead] = useState<{ id: number; name: string } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    const order = locales.map((entry) => entry.code);
    api.page(locale, id).then(
      (page) => live && setRead({ id, name: localizedName(page.blocks.name, locale, order).text }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, locale, locales, id]);
  return read && read.id === id ? read.name || t('page.untitled') : null;
}
