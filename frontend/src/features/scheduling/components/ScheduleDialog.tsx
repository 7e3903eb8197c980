import { useState } from 'react';
import type { FormEvent } from 'react';
import { language, t } from '../../../i18n';
import { timeZoneLabel } from '../../../lib/when';
import { DateTimeInput } from '../../../ui/dateRange/DateTimeInput';
import { Modal } from '../../../ui/modal/Modal';
import type { ScheduleResult } from '../api';
import { defaultTime, errorLines, inFuture, scheduleYears } from '../schedule';
import '../scheduling.css';

interface ScheduleDialogProps {
  /** The form holds no changes: there is nothing to schedule yet. */
  nothing?: boolean;
  /** Schedule the form's changes at `at` (the caller sends them with the version). */
  onSchedule: (at: Date) => Promise<ScheduleResult>;
  onClose: () => void;
  /** The label of a field an error names ('' for none). */
  labelOf: (attribute: string) => string;
  now?: () => Date;
}

/** Choose when the form's changes go live (local time, its zone shown), then schedule them. */
export function ScheduleDialog({
  nothing = false,
  onSchedule,
  onClose,
  labelOf,
  now = () => new Date(),
}: ScheduleDialogProps) {
  const [at, setAt] = useState(() => defaultTime(now()));
  const [years] = useState(() => scheduleYears(now()));
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[] | null>(null);
  const [pastError, setPastError] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!inFuture(at, now())) {
      setPastError(true);
      return;
    }
    setPastError(false);
    setBusy(true);
    setProblems(null);
    const result = await onSchedule(at);
    setBusy(false);
    if (result.kind === 'scheduled') return;
    if (result.kind === 'failed') setProblems([]);
    else {
      const lines = errorLines(result.errors, labelOf);
      setProblems(lines.length > 0 ? lines : result.detail ? [result.detail] : []);
    }
  };

  if (nothing) {
    return (
      <Modal title={t('schedule.title')} onClose={onClose}>
        <div className="schedule-dialog">
          <p className="schedule-dialog__intro">{t('schedule.nothing')}</p>
          <div className="schedule-dialog__buttons">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('schedule.ok')}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t('schedule.title')} onClose={onClose}>
      <form className="schedule-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <p className="schedule-dialog__intro">{t('schedule.intro')}</p>
        <DateTimeInput
          id="schedule-at"
          label={t('schedule.at')}
          value={at}
          onChange={(value) => {
            setAt(value);
            setPastError(false);
          }}
          showTime
          years={years}
          locale={language()}
          error={pastError ? t('schedule.past') : undefined}
        />
        <p className="schedule-dialog__zone">{t('schedule.zone', { zone: timeZoneLabel(at) })}</p>
        {problems && (
          <div className="schedule-dialog__problem" role="alert">
            <strong>{t('schedule.failed')}</strong>
            {problems.length > 0 && (
              <ul>
                {problems.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="schedule-dialog__buttons">
          <button type="button" className="button" onClick={onClose}>
            {t('schedule.close')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('schedule.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
