import { useState } from 'react';
import type { BulkAction } from '../../../api/types';
import { t } from '../../../i18n';
import type { PageSelection } from '../../../entities/pageSelection/selection';
import { useSelectedCount } from '../../../entities/pageSelection/useSelection';
import { HttpError, errorPairs } from '../../../lib/http';
import type { BulkApi } from '../api';
import { ACTIONS, bulkRequest } from '../model';
import type { BulkChoice } from '../model';
import { BulkDialog } from './BulkDialog';
import type { DialogStep } from './BulkDialog';
import type { StartedJob } from '../savedJobs';

interface BulkBarProps {
  selection: PageSelection;
  locale: string;
  api: Pick<BulkApi, 'start' | 'findParents'>;
  onStarted: (job: StartedJob) => void;
}

/** Why the call was refused, in the server's words (a 422 names each field's message). */
function reason(error: unknown): string {
  if (error instanceof HttpError) {
    const pairs = errorPairs(error.body);
    if (pairs.length > 0) return pairs.map(([, text]) => text).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The count of selected pages, Clear selection, and the actions on them; each asks what it
 * needs (a parent, a tag), says what will happen, then starts a job.
 */
export function BulkBar({ selection, locale, api, onStarted }: BulkBarProps) {
  const count = useSelectedCount(selection);
  const [step, setStep] = useState<DialogStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (count === 0 && step === null) return null;

  const open = (action: BulkAction) => {
    setError(null);
    if (action === 'move') setStep({ kind: 'parent' });
    else if (action === 'tag' || action === 'untag') setStep({ kind: 'tag', action });
    else setStep({ kind: 'confirm', choice: { action } as BulkChoice });
  };
  const start = async (choice: BulkChoice) => {
    const pages = selection.pages();
    setBusy(true);
    setError(null);
    try {
      const accepted = await api.start(
        locale,
        bulkRequest(
          choice,
          pages.map((page) => page.id),
        ),
      );
      setStep(null);
      onStarted({
        accepted,
        action: choice.action,
        names: new Map(pages.map((page) => [page.id, page.name])),
      });
      selection.clear();
    } catch (failure) {
      setError(reason(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bulk-bar" role="group" aria-label={t('bulk.bar')}>
      <span className="bulk-bar__count" aria-live="polite">
        {t('bulk.selected', { count })}
      </span>
      <button type="button" className="button button--link" onClick={() => selection.clear()}>
        {t('bulk.clear')}
      </button>
      <span className="bulk-bar__actions">
        {ACTIONS.map((spec) => (
          <button
            key={spec.action}
            type="button"
            className={`button${spec.danger ? ' button--danger' : ''}`}
            onClick={() => open(spec.action)}
          >
            {t(spec.label)}
          </button>
        ))}
      </span>
      {step && (
        <BulkDialog
          step={step}
          count={count}
          isSelected={selection.has}
          findParents={(q) => api.findParents(locale, q)}
          error={error}
          busy={busy}
          onStep={setStep}
          onConfirm={(choice) => void start(choice)}
          onClose={() => setStep(null)}
        />
      )}
    </div>
  );
}
