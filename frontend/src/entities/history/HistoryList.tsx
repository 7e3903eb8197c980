import type { AuditEntry } from '../../api/types';
import { t } from '../../i18n';
import { formatWhen } from '../../lib/when';
import { describeEntry } from './describe';
import type { DescribeContext } from './describe';
import './history.css';

interface HistoryListProps {
  entries: readonly AuditEntry[];
  context?: DescribeContext;
  /** A link for an entry's subject (the log links pages to their editor). */
  subjectHref?: (entry: AuditEntry) => string | null;
  /** Format a moment; in the interface language by default (never the browser's). */
  formatTime?: (at: Date) => string;
}

const defaultFormat = (at: Date) => formatWhen(at);

/** Audit entries as they come (newest first): who, what, when, and the details in words. */
export function HistoryList({
  entries,
  context,
  subjectHref,
  formatTime = defaultFormat,
}: HistoryListProps) {
  if (entries.length === 0) return <p className="history-empty">{t('history.empty')}</p>;
  return (
    <ol className="history-list">
      {entries.map((entry) => {
        const words = describeEntry(entry, context);
        const at = new Date(entry.at);
        const href = subjectHref?.(entry) ?? null;
        return (
          <li key={entry.id} className="history-entry">
            <p className="history-entry__what">
              <span className="history-entry__who" dir="auto">
                {entry.user.name}
              </span>{' '}
              {href ? <a href={href}>{words.summary}</a> : words.summary}
            </p>
            {words.details.length > 0 && (
              <ul className="history-entry__details">
                {words.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
            <time className="history-entry__when" dateTime={entry.at}>
              {formatTime(at)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
