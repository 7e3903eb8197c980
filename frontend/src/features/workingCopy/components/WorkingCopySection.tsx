import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';
import type { WorkingCopy } from '../types';
import '../workingCopy.css';

interface WorkingCopySectionProps {
  /** The form holds unsaved edits, kept as the user types. */
  keeping: boolean;
  /** A copy kept before, offered until the user restores or discards it. */
  offer: WorkingCopy | null;
}

/** The working copy, listed apart in the History panel: what is kept, and what waits. */
export function WorkingCopySection({ keeping, offer }: WorkingCopySectionProps) {
  let text = t('workingCopy.none');
  if (keeping) text = t('workingCopy.keeping');
  else if (offer) text = t('workingCopy.waitingChoice', { time: formatWhen(offer.savedAt) });
  return (
    <section className="drafts-section" aria-labelledby="working-copy-section">
      <h3 className="drafts-section__heading" id="working-copy-section">
        {t('workingCopy.sectionTitle')}
      </h3>
      <p className="drafts-section__text">{text}</p>
    </section>
  );
}
