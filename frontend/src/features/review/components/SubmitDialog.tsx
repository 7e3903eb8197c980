import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { t } from '../../../i18n';
import { Modal } from '../../../ui/modal/Modal';
import type { SubmitResult } from '../api';

interface SubmitDialogProps {
  /** Submit the form's content with the message; the dialog closes on success. */
  onSubmit: (message: string) => Promise<SubmitResult>;
  onClose: () => void;
  /** The label of a field a refusal names ('' for none). */
  labelOf: (attribute: string) => string;
}

/** "Submit for review": a message for the reviewers, then the form's content is submitted. */
export function SubmitDialog({ onSubmit, onClose, labelOf }: SubmitDialogProps) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[] | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblems(null);
    const result = await onSubmit(message.trim());
    setBusy(false);
    if (result.kind === 'submitted') return;
    if (result.kind === 'failed') setProblems([t('review.submitFailed')]);
    else {
      const lines = result.errors.map(([attribute, text]) => {
        const label = labelOf(attribute);
        return label ? `${label}: ${text}` : text;
      });
      setProblems(lines.length > 0 ? lines : [result.detail ?? t('review.submitFailed')]);
    }
  };

  return (
    <Modal title={t('review.submitTitle')} onClose={onClose}>
      <form className="review-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <p className="review-dialog__intro">{t('review.submitIntro')}</p>
        <label className="form-field__label" htmlFor={`${id}-message`}>
          {t('review.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="input review-dialog__message"
          rows={4}
          maxLength={5000}
          dir="auto"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {problems && (
          <div className="review-dialog__problem" role="alert">
            <strong>{t('review.submitRefused')}</strong>
            <ul>
              {problems.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="review-dialog__buttons">
          <button type="button" className="button" onClick={onClose}>
            {t('review.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('review.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
