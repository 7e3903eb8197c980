import { useEffect, useMemo, useState } from 'react';
import type { AuditEntry, Template } from '../../../api/types';
import { t } from '../../../i18n';
import { api } from '../../../api/client';
import { languageName } from '../../../lib/languageName';
import { HistoryList } from '../../../entities/history/HistoryList';
import { blockTitles } from '../../../entities/history/blockTitles';
import type { DescribeContext } from '../../../entities/history/describe';

/** Shown at first; the rest behind 'Show all'. */
const FIRST = 5;

export type HistoryLoader = (locale: string, pageId: number) => Promise<AuditEntry[]>;

export const loadHistory: HistoryLoader = (locale, pageId) =>
  api.get('/admin/{locale}/pages/{page_id}/history.json', { path: { locale, page_id: pageId } });

interface HistoryPanelProps {
  pageId: number;
  locale: string;
  /** The page's lock version: every accepted save changes it, and the list is read again. */
  version: number;
  /** The site's name of a locale (its fallback: running text names it in the interface language). */
  localeName: (code: string) => string;
  /** The templates, their block titles in the interface language. */
  templates?: readonly Template[];
  load?: HistoryLoader;
}

/** What was done to the page, newest first (the audit log's entries for it). */
export function HistoryPanel({
  pageId,
  locale,
  version,
  localeName,
  templates = [],
  load = loadHistory,
}: HistoryPanelProps) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [all, setAll] = useState(false);
  useEffect(() => {
    let current = true;
    load(locale, pageId).then(
      (answer) => {
        if (!current) return;
        setEntries(answer);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [load, locale, pageId, version]);
  // One wording in the interface language (issue 28, item 8): blocks by their titles, locales
  // as running text names them, as History's summaries do.
  const context: DescribeContext = useMemo(
    () => ({
      ownPage: true,
      localeName: (code) => languageName(code, localeName(code)),
      blockTitle: blockTitles(templates),
    }),
    [localeName, templates],
  );
  const shown = entries && !all ? entries.slice(0, FIRST) : entries;
  return (
    <section className="editor-history" aria-labelledby="editor-history-title">
      <h2 className="editor-history__title" id="editor-history-title">
        {t('history.title')}
      </h2>
      {failed && <p className="history-empty">{t('history.failed')}</p>}
      {!failed && entries === null && <p className="history-empty">{t('history.loading')}</p>}
      {!failed && shown && <HistoryList entries={shown} context={context} />}
      {entries && entries.length > FIRST && (
        <button type="button" className="button button--link" onClick={() => setAll(!all)}>
          {all ? t('history.showFewer') : t('history.showAll', { count: entries.length })}
        </button>
      )}
    </section>
  );
}
