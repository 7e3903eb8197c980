import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale, TreePageOut } from '../../api/types';
import { t } from '../../i18n';
import { displayName, STATUS_DELETED } from '../../lib/page';
import type { ReportsApi } from './api';

type Found = TreePageOut & { id: number };

/** How many found pages are offered (the search answers them with their ancestors). */
const SHOWN = 20;

interface SubtreePickerProps {
  locale: string;
  locales: readonly Locale[];
  api: ReportsApi;
  onChoose: (pageId: number) => void;
}

/**
 * Choose the page whose subtree the report lists: its name typed, found as the tree's search
 * finds it (GET pages.json?q=, in any locale, ancestors with the matches), then picked.
 */
export function SubtreePicker({ locale, locales, api, onChoose }: SubtreePickerProps) {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Found[] | 'failed' | null>(null);
  const order = locales.map((entry) => entry.code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!text) return;
    api.findPages(locale, text).then(
      (pages) =>
        setFound(
          pages.flatMap((page) =>
            page.id === null || page.status === STATUS_DELETED ? [] : [{ ...page, id: page.id }],
          ),
        ),
      () => setFound('failed'),
    );
  };
  return (
    <>
      <form className="reports__filter" role="search" onSubmit={submit}>
        <div className="reports__field">
          <label htmlFor="reports-under">{t('reports.broken.find')}</label>
          <input
            id="reports-under"
            className="input"
            type="search"
            maxLength={200}
            value={typed}
            aria-describedby="reports-under-hint"
            onChange={(event) => setTyped(event.target.value)}
          />
          <span id="reports-under-hint" className="reports__hint">
            {t('reports.broken.findHint')}
          </span>
        </div>
        <div className="reports__actions">
          <button type="submit" className="button">
            {t('reports.broken.search')}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {found === 'failed' ? (
          <p className="reports__muted">{t('reports.failed')}</p>
        ) : found && found.length === 0 ? (
          <p className="reports__muted">{t('reports.broken.noMatch')}</p>
        ) : (
          found && (
            <ul className="reports__choices">
              {found.slice(0, SHOWN).map((page) => (
                <li key={page.id}>
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => {
                      setFound(null);
                      onChoose(page.id);
                    }}
                  >
                    <bdi>{displayName(page.blocks.name, locale, order)}</bdi>
                  </button>
                </li>
              ))}
            </ul>
          )
        )}
      </div>
    </>
  );
}
