import { useState } from 'react';
import type { FormEvent } from 'react';
import type { DeletedPagesScreenData } from '../../api/types';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { errorPairs, HttpError } from '../../lib/http';
import { pageTreeUrl, statusName, visitorsReach } from '../../lib/page';
import type { PageStatus } from '../../lib/page';
import { formatWhen } from '../../lib/when';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { Pager } from '../../ui/pager/Pager';
import { createDeletedPagesApi, DELETED_PAGE_SIZE } from './api';
import type { DeletedPage, DeletedPages, DeletedPagesApi } from './api';
import { ParentPicker } from '../../entities/pages/ParentPicker';
import './deletedPages.css';

export type { DeletedPagesScreenData };

/** The address of a list page, as a reload or a link opens it. */
export function deletedPagesAddress(locale: string, q: string, page: number): string {
  const query = new URLSearchParams({
    ...(q ? { q } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }).toString();
  return `/admin/${encodeURIComponent(locale)}/deleted_pages${query ? `?${query}` : ''}`;
}

/** Why a call was refused, in the server's words (a 422 names its field's message). */
function reason(error: unknown): string {
  if (error instanceof HttpError) {
    const pairs = errorPairs(error.body);
    if (pairs.length > 0) return pairs.map(([, text]) => text).join(' ');
    return error.message;
  }
  return String(error);
}

interface Props {
  data: DeletedPagesScreenData;
  api?: DeletedPagesApi;
}

/**
 * The deleted pages, one entry per delete, newest first: who deleted it and when, how many pages
 * went with it; restore to its old place or under another page; purge for good (superusers).
 */
export function DeletedPagesScreen({ data, api = defaultApi }: Props) {
  const { locale } = data;
  const [filters, setFilters] = useState(data.filters);
  const [query, setQuery] = useState(data.filters.q);
  const [list, setList] = useState<DeletedPages | null>(data.deleted);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<{ text: string; tree?: boolean } | null>(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const show = async (q: string, page: number) => {
    setFilters({ q, page });
    setList(null);
    setFailed(false);
    window.history.replaceState(null, '', deletedPagesAddress(locale, q, page));
    try {
      setList(await api.list(locale, q, page));
    } catch {
      setFailed(true);
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    void show(query.trim(), 1);
  };
  const act = async (entry: DeletedPage, action: () => Promise<unknown>, done: MessageKey) => {
    setBusy(entry.id);
    setNotice(null);
    try {
      await action();
      setChoosing(null);
      setNotice({
        text: t(done, { name: entry.name || t('deleted.untitled') }),
        tree: done === 'deleted.restored',
      });
      await show(filters.q, filters.page);
    } catch (error) {
      setNotice({ text: t('deleted.refused', { reason: reason(error) }) });
    } finally {
      setBusy(null);
    }
  };
  /** A page that comes back published or hidden is on the website at once: say so first. */
  const restore = (entry: DeletedPage, parentId?: number | null) => {
    if (visitorsReach(entry.status_before)) {
      const name = entry.name || t('deleted.untitled');
      const status = statusName(entry.status_before as PageStatus);
      if (!window.confirm(t('deleted.goesLive', { name, status, count: entry.descendants })))
        return;
    }
    void act(entry, () => api.restore(locale, entry.id, parentId), 'deleted.restored');
  };
  const purge = (entry: DeletedPage) => {
    const name = entry.name || t('deleted.untitled');
    if (!window.confirm(t('deleted.purgeConfirm', { name, count: entry.descendants }))) return;
    void act(entry, () => api.purge(locale, entry.id), 'deleted.purged');
  };
  const pages = list ? Math.max(1, Math.ceil(list.total / DELETED_PAGE_SIZE)) : 1;

  return (
    <>
      <ScreenHeader data={data} localeHref={(code) => deletedPagesAddress(code, filters.q, 1)} />
      <main id={MAIN_ID} className="page-main deleted-pages">
        <h1 className="page-title">{t('deleted.title')}</h1>
        <p className="deleted-pages__intro">{t('deleted.intro')}</p>
        <form className="deleted-pages__search" role="search" onSubmit={search}>
          <label htmlFor="deleted-pages-q">{t('deleted.search')}</label>
          <input
            id="deleted-pages-q"
            type="search"
            className="input"
            maxLength={200}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button">
            {t('deleted.searchButton')}
          </button>
        </form>
        <div aria-live="polite" className="deleted-pages__status">
          {notice && (
            <p className="deleted-pages__notice">
              {notice.text}{' '}
              {notice.tree && <a href={pageTreeUrl(locale)}>{t('deleted.openInTree')}</a>}
            </p>
          )}
          {failed ? (
            <p>
              {t('deleted.failed')}{' '}
              <button
                type="button"
                className="button button--link"
                onClick={() => void show(filters.q, filters.page)}
              >
                {t('deleted.retry')}
              </button>
            </p>
          ) : !list ? (
            <p>{t('deleted.loading')}</p>
          ) : list.total === 0 ? (
            <p>{filters.q ? t('deleted.noneFound') : t('deleted.none')}</p>
          ) : (
            <p>{t('deleted.count', { count: list.total })}</p>
          )}
        </div>
        {list && list.pages.length > 0 && (
          <ul className="deleted-pages__list">
            {list.pages.map((entry) => (
              <li key={entry.id} className="deleted-pages__item">
                <div className="deleted-pages__what">
                  <span className="deleted-pages__name" dir="auto">
                    {entry.name || t('deleted.untitled')}
                  </span>
                  <span className="deleted-pages__meta">
                    {entry.user
                      ? t('deleted.by', {
                          name: entry.user.name,
                          when: formatWhen(entry.deleted_at),
                        })
                      : t('deleted.byUnknown', { when: formatWhen(entry.deleted_at) })}
                  </span>
                  <span className="deleted-pages__meta">
                    {t('deleted.with', { count: entry.descendants })}
                    {' · '}
                    {!entry.parent_shown
                      ? t('deleted.parentGone')
                      : entry.parent_page_id
                        ? t('deleted.wasUnder', {
                            name: entry.parent_name || t('deleted.untitled'),
                          })
                        : t('deleted.wasTop')}
                  </span>
                </div>
                <div className="deleted-pages__actions">
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy === entry.id}
                    onClick={() => restore(entry)}
                  >
                    {t('deleted.restore')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-expanded={choosing === entry.id}
                    onClick={() => setChoosing(choosing === entry.id ? null : entry.id)}
                  >
                    {t('deleted.restoreElsewhere')}
                  </button>
                  {data.user.is_superuser && (
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={busy === entry.id}
                      onClick={() => purge(entry)}
                    >
                      {t('deleted.purge')}
                    </button>
                  )}
                </div>
                {choosing === entry.id && (
                  <ParentPicker
                    id={`parent-of-${entry.id}`}
                    texts={{
                      legend: t('deleted.chooseParent', {
                        name: entry.name || t('deleted.untitled'),
                      }),
                      find: t('deleted.findParent'),
                      search: t('deleted.searchButton'),
                      topLevel: t('deleted.topLevel'),
                      choose: t('deleted.restoreHere'),
                      cancel: t('deleted.cancel'),
                    }}
                    find={(q) => api.findParents(locale, q)}
                    exclude={(id) => id === entry.id}
                    onCancel={() => setChoosing(null)}
                    onChoose={(parent) => restore(entry, parent?.id ?? null)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {list && pages > 1 && (
          <Pager
            list="deleted"
            page={filters.page}
            pages={pages}
            onPage={(page) => void show(filters.q, page)}
          />
        )}
      </main>
    </>
  );
}

const defaultApi = createDeletedPagesApi();
