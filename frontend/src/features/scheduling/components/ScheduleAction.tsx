import { useState } from 'react';
import { t } from '../../../i18n';
import type { ScheduleResult } from '../api';
import { ScheduleDialog } from './ScheduleDialog';

interface ScheduleActionProps {
  /** Whether the form holds changes to schedule. */
  dirty: boolean;
  busy: boolean;
  onSchedule: (at: Date) => Promise<ScheduleResult>;
  labelOf: (attribute: string) => string;
}

/** "Schedule…" beside Save, and its dialog. */
export function ScheduleAction({ dirty, busy, onSchedule, labelOf }: ScheduleActionProps) {
  const [open, setOpen] = useState(false);
  const schedule = async (at: Date) => {
    const result = await onSchedule(at);
    if (result.kind === 'scheduled') setOpen(false);
    return result;
  };
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => setOpen(true)}
        disabled={busy}
        title={t('schedule.openHelp')}
      >
        {t('schedule.open')}
      </button>
      {open && (
        <ScheduleDialog
          nothing={!dirty}
          onSchedule={schedule}
          onClose={() => setOpen(false)}
          labelOf={labelOf}
        />
      )}
    </>
  );
}
