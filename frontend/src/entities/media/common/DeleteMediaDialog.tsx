import { useState } from 'react';
import { t } from '../../../i18n';
import { Modal } from '../../../ui/modal/Modal';
import type { DeleteResult } from './deletion';
import './deleteMedia.css';

interface DeleteMediaDialogProps {
  kind: 'image' | 'attachment';
  /** What the library calls it (a file's name in the locale, else its filename). */
  name: string;
  remove: () => Promise<DeleteResult>;
  /** It is gone (deleted now, or by someone else before). */
  onDeleted: (result: 'deleted' | 'gone') => void;
  /** The server refused: a page shows it now, or the user may not; the library re-reads. */
  onRefused: () => void;
  onClose: () => void;
}

/** Isolate a name, so a right-to-left one keeps its place in a sentence. */
const isolated = (name: string) => `\u2068${name}\u2069`;

/**
 * Ask before deleting a medium no page shows (issue 18, item 10), naming it; say why when the
 * server refuses, and stay open until the person closes it.
 */
export function DeleteMediaDialog({
  kind,
  name,
  remove,
  onDeleted,
  onRefused,
  onClose,
}: DeleteMediaDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; final: boolean } | null>(null);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    const result = await remove();
    setBusy(false);
    if (result.kind === 'deleted' || result.kind === 'gone') {
      onDeleted(result.kind);
      return;
    }
    const text = t('media.deleteFailed', { name: isolated(name), detail: result.detail });
    // A refusal stands (a page shows it, or it is not the person's to delete); a failure may pass.
    setProblem({ text, final: result.kind === 'refused' });
    if (result.kind === 'refused') onRefused();
  };

  return (
    <Modal
      title={kind === 'image' ? t('media.deleteImage') : t('media.deleteFile')}
      onClose={onClose}
    >
      <div className="delete-media">
        <p className="delete-media__question">
          {t('media.deleteQuestion', { name: isolated(name) })}
        </p>
        {problem && (
          <p className="delete-media__problem" role="alert">
            {problem.text}
          </p>
        )}
        <div className="delete-media__buttons">
          <button type="button" className="button" onClick={onClose}>
            {t('media.cancel')}
          </button>
          {!problem?.final && (
            <button
              type="button"
              className="button button--primary button--destructive"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? t('media.deleting') : t('media.delete')}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
