import { t } from '../../i18n';
import { editPageUrl } from '../../lib/page';
import type { LinkedFromState } from './useLinkedFrom';
import './links.css';

interface LinkedFromListProps {
  state: LinkedFromState;
  /** The locale the editors open in (the screen's). */
  locale: string;
}

/** The linking pages read so far, each to its editor, and Show more while some are left. */
export function LinkedFromList({ state, locale }: LinkedFromListProps) {
  const { pages, total } = state;
  const left = total === null ? 0 : total - pages.length;
  return (
    <>
      {pages.length > 0 && (
        <ul className="linked-from__list">
          {pages.map((page) => (
            <li key={page.id}>
              <a href={editPageUrl(locale, page.id)}>
                <bdi>{page.name || t('page.untitled')}</bdi>
              </a>
            </li>
          ))}
        </ul>
      )}
      {state.failed ? (
        <p className="linked-from__status" role="alert">
          {t('links.linkedFrom.failed')}{' '}
          <button type="button" className="button button--link" onClick={state.more}>
            {t('links.retry')}
          </button>
        </p>
      ) : (
        left > 0 && (
          <button
            type="button"
            className="button button--link linked-from__more"
            disabled={state.loading}
            onClick={state.more}
          >
            {state.loading ? t('links.loading') : t('links.showMore', { count: left })}
          </button>
        )
      )}
    </>
  );
}
