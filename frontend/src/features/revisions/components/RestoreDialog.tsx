import { useState } from 'react';
import { t } from '../../../i18n';
import { LOGIN_URL } from '../../../lib/requestFailure';
import type { RequestFailure } from '../../../lib/requestFailure';
import { Modal } from '../../../ui/modal/Modal';
import type { RestoreResult, RevisionsApi } from '../api';
import { fieldLabel } from '../compareModel';
import type { RestoredPage, Revision } from '../types';
import { savedAt, savedBy } from '../words';

interface RestoreDialogProps {
  api: RevisionsApi;
  revision: Revision;
  /** The version of the page the editor holds: a restore over a newer one is refused (409). */
  lockVersion: number;
  /** The form holds unsaved changes, which the restored page replaces. */
  dirty: boolean;
  onRestored: (page: RestoredPage) => void;
  /** Load the page as it is now (after a 409: someone else saved it). */
  onReload: () => void;
  onClose: () => void;
}

type Outcome = Exclude<RestoreResult, { kind: 'restored' }>;

/** Ask before restoring a revision; say why when the server refuses. */
export function RestoreDialog({
  api,
  revision,
  lockVersion,
  dirty,
  onRestored,
  onReload,
  onClose,
}: RestoreDialogProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const time = savedAt(revision);

  const restore = async (version: number) => {
    setBusy(true);
    const result = await api.restore(revision.id, version);
    setBusy(false);
    if (result.kind === 'restored') onRestored(result.page);
    else setOutcome(result);
  };

  return (
    <Modal title={t('revisions.restore.title', { time })} onClose={onClose}>
      <div className="restore-dialog">
        <p className="restore-dialog__which">
          <strong dir="auto">{revision.summary}</strong>
          <span className="restore-dialog__by">
            {t('revisions.compare.by', { name: savedBy(revision) })}
          </span>
        </p>
        <p>{t('revisions.restore.what')}</p>
        <p>{t('revisions.restore.kept')}</p>
        {dirty && (
          <p className="revisions-note revisions-note--warning">{t('revisions.restore.dirty')}</p>
        )}
        {outcome && <Refusal outcome={outcome} />}
        <div className="restore-dialog__actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('revisions.restore.cancel')}
          </button>
          {outcome?.kind === 'conflict' ? (
            <>
              <button type="button" className="button" onClick={onReload} disabled={busy}>
                {t('editor.reload')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void restore(outcome.lockVersion)}
                disabled={busy}
              >
                {busy ? t('revisions.restore.busy') : t('revisions.restore.anyway')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void restore(lockVersion)}
              disabled={busy}
            >
              {busy ? t('revisions.restore.busy') : t('revisions.restore.confirm')}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** Why the restore did not happen, in the editor's words where it has them. */
function Refusal({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'conflict') {
    // The editor's own conflict message (the server's), with what a restore can do about it.
    return (
      <div className="editor-banner editor-banner--warning" role="alert">
        <div className="editor-banner__text">
          <strong>{outcome.detail}</strong>
          <span>{t('revisions.restore.conflictHelp')}</span>
        </div>
      </div>
    );
  }
  if (outcome.kind === 'invalid') {
    return (
      <div className="editor-banner editor-banner--error" role="alert">
        <div className="editor-banner__text">
          <strong>{t('revisions.restore.invalid')}</strong>
          <ul className="editor-banner__list">
            {outcome.errors.map(([attribute, message]) => (
              <li key={`${attribute}:${message}`}>
                {fieldLabel(attribute)}: {message}
              </li>
            ))}
          </ul>
        </div>
      </div>
    );
  }
  return (
    <div className="editor-banner editor-banner--error" role="alert">
      <div className="editor-banner__text">
        <strong>{t('revisions.restore.failed')}</strong>
        <FailureText failure={outcome.failure} />
      </div>
    </div>
  );
}

function FailureText({ failure }: { failure: RequestFailure }) {
  switch (failure.kind) {
    case 'session':
      return (
        <span>
          {t('editor.sessionEnded')}{' '}
          <a href={LOGIN_URL} target="_blank" rel="noopener">
            {t('editor.logInAgain')}
          </a>
        </span>
      );
    case 'network':
      return <span>{t('editor.connectionLost')}</span>;
    case 'server':
      return failure.requestId ? (
        <span>{t('revisions.restore.serverError', { id: failure.requestId })}</span>
      ) : (
        <span>{t('editor.serverError')}</span>
      );
    case 'refused':
      return <span>{failure.detail}</span>;
  }
}
