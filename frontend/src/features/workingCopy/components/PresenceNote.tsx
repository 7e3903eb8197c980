import { t } from '../../../i18n';
import { formatNames } from '../../../lib/when';
import type { Viewer } from '../types';
import '../workingCopy.css';

/**
 * Who else has the page open. The element stays (empty) while nobody does, so a screen reader
 * hears the note when someone comes.
 */
export function PresenceNote({ viewers }: { viewers: readonly Viewer[] }) {
  const names = viewers.map((viewer) => viewer.name.trim() || viewer.username || '?');
  return (
    <p className="presence-note" role="status">
      {names.length > 0 && (
        <>
          <span className="presence-note__dot" aria-hidden="true" />
          {t('presence.alsoOpen', { names: formatNames(names) })}
        </>
      )}
    </p>
  );
}
