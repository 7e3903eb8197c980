import { useId } from 'react';
import { t } from '../../../i18n';
import { timeAgo } from '../time';
import type { Revision } from '../types';
import { revisionSummary, savedAt, savedBy } from '../words';

interface RevisionRowProps {
  revision: Revision;
  selected: boolean;
  /** Two others are ticked already: a third cannot be. */
  selectable: boolean;
  onSelect: (selected: boolean) => void;
  /** The newest revision: the page as it is now, with nothing to compare or restore. */
  current: boolean;
  /** A locale named in running text in the interface language. */
  localeName: (code: string) => string;
  onCompare: () => void;
  /** Absent: the user may not edit the page. */
  onRestore?: () => void;
}

/** One revision: tick it to compare, what the save did, who and when, and its two actions. */
export function RevisionRow({
  revision,
  selected,
  selectable,
  onSelect,
  current,
  localeName,
  onCompare,
  onRestore,
}: RevisionRowProps) {
  const id = useId();
  const exact = savedAt(revision);
  const summary = revisionSummary(revision, localeName);
  return (
    <li className={selected ? 'revision revision--selected' : 'revision'}>
      <input
        id={id}
        type="checkbox"
        className="revision__tick"
        checked={selected}
        disabled={!selected && !selectable}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('revisions.select', { summary, time: exact })}
      />
      <div className="revision__body">
        <label htmlFor={id} className="revision__summary">
          {summary}
        </label>
        <p className="revision__meta">
          <span className="revision__who" dir="auto">
            {savedBy(revision)}
          </span>
          <span aria-hidden="true"> · </span>
          <time dateTime={revision.at} title={exact}>
            {timeAgo(revision.at)}
            <span className="visually-hidden"> ({exact})</span>
          </time>
        </p>
        {current ? (
          // Compared with itself it has no differences, and restoring it would change nothing.
          <p className="revision__current">{t('revisions.current')}</p>
        ) : (
          <div
            className="revision__actions"
            role="group"
            aria-label={t('revisions.actionsFor', { time: exact })}
          >
            <button type="button" className="button" onClick={onCompare}>
              {t('revisions.compareCurrent')}
            </button>
            {onRestore && (
              <button type="button" className="button" onClick={onRestore}>
                {t('revisions.restore')}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
