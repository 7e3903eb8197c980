import type { ScheduledChangeOut } from '../../../api/types';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';
import '../scheduling.css';

/** Isolate a name, so a right-to-left one keeps its place in a sentence. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** The page's scheduled changes, listed apart in the History panel: when, by whom, how. */
export function ScheduledSection({ changes }: { changes: readonly ScheduledChangeOut[] }) {
  const pending = changes.filter((change) => change.state !== 'applied');
  return (
    <section className="drafts-section" aria-labelledby="scheduled-section">
      <h3 className="drafts-section__heading" id="scheduled-section">
        {t('schedule.sectionTitle')}
      </h3>
      {pending.length === 0 ? (
        <p className="drafts-section__text">{t('schedule.none')}</p>
      ) : (
        <ul className="drafts-section__list">
          {pending.map((change) => {
            const words = {
              time: formatWhen(change.at),
              name: isolated(change.user?.name || change.user?.username || t('schedule.someone')),
            };
            return (
              <li
                key={change.id}
                className={change.state === 'failed' ? 'drafts-section__failed' : undefined}
              >
                {change.state === 'failed'
                  ? t('schedule.itemFailed', words)
                  : t('schedule.itemWaiting', words)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
