import { useEffect, useState } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import { t } from '../../../i18n';
import { LOGIN_URL } from '../../../lib/requestFailure';
import type { RequestFailure } from '../../../lib/requestFailure';
import { Modal } from '../../../ui/modal/Modal';
import type { RestoreResult, RevisionsApi } from '../api';
import { fieldLabel } from '../compareModel';
import type { RestorePlan, RestoredPage, Revision } from '../types';
import { revisionSummary, savedAt, savedBy } from '../words';
import { RestoreLocales } from './RestoreLocales';

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
  /** A locale named in running text in the interface language. */
  localeName: (code: string) => string;
}

type Outcome = Exclude<RestoreResult, { kind: 'restored' }>;

/**
 * Ask before restoring a revision: what it changes in each language, which languages to restore
 * (ticked as the server would by default), and plainly when a language's name and address go;
 * say why when the server refuses.
 */
export function RestoreDialog({
  api,
  revision,
  lockVersion,
  dirty,
  onRestored,
  onReload,
  onClose,
  localeName,
}: RestoreDialogProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [plan, setPlan] = useState<RestorePlan | 'loading' | 'failed'>('loading');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const time = savedAt(revision);

  useEffect(() => {
    let current = true;
    api.plan(revision.id).then(
      (answer) => {
        if (!current) return;
        if (!Array.isArray(answer?.locales)) {
          setPlan('failed'); // not a plan: the server's own default applies
          return;
        }
        setPlan(answer);
        setChosen(
          new Set(answer.locales.filter((row) => row.restored_by_default).map((row) => row.locale)),
        );
      },
      () => current && setPlan('failed'),
    );
    return () => {
      current = false;
    };
  }, [api, revision.id]);

  const ready = typeof plan === 'object';
  // Without the plan the server's own default applies (the locales the version had a name in).
  const locales = ready ? plan.locales.map((row) => row.locale).filter((c) => chosen.has(c)) : null;
  const loses = ready && plan.locales.some((row) => row.loses_name && chosen.has(row.locale));
  const blocked = plan === 'loading' || locales?.length === 0;
  const choose = (locale: string, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(locale);
      else next.delete(locale);
      return next;
    });

  const restore = async (version: number) => {
    setBusy(true);
    const result = await api.restore(revision.id, version, locales ?? undefined);
    setBusy(false);
    if (result.kind === 'restored') onRestored(result.page);
    else setOutcome(result);
  };

  return (
    <Modal title={t('revisions.restore.title', { time })} onClose={onClose}>
      <div className="restore-dialog">
        <p className="restore-dialog__which">
          <strong dir="auto">{revisionSummary(revision, localeName)}</strong>
          <span className="restore-dialog__by">
            {t('revisions.compare.by', { name: savedBy(revision) })}
          </span>
        </p>
        <p>{t('revisions.restore.what')}</p>
        {plan === 'loading' && (
          <p className="revisions-note">{t('revisions.restore.planLoading')}</p>
        )}
        {plan === 'failed' && <p className="revisions-note">{t('revisions.restore.planFailed')}</p>}
        {ready && (
          <RestoreLocales
            rows={plan.locales}
            chosen={chosen}
            onChange={choose}
            localeName={localeName}
            disabled={busy}
          />
        )}
        {locales?.length === 0 && (
          <p className="revisions-note revisions-note--warning">{t('revisions.restore.pickOne')}</p>
        )}
        <p>
          {t('revisions.restore.kept')}{' '}
          {/* Never "Nothing is lost" while a ticked language loses its name. */}
          {loses ? t('revisions.restore.history') : t('revisions.restore.safe')}
        </p>
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
                disabled={busy || blocked}
              >
                {busy ? t('revisions.restore.busy') : t('revisions.restore.anyway')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void restore(lockVersion)}
              disabled={busy || blocked}
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
      <Banner tone="warning" role="alert">
        <strong>{outcome.detail}</strong>
        <span>{t('revisions.restore.conflictHelp')}</span>
      </Banner>
    );
  }
  if (outcome.kind === 'invalid') {
    return (
      <Banner tone="error" role="alert">
        <strong>{t('revisions.restore.invalid')}</strong>
        <ul className="editor-banner__list">
          {outcome.errors.map(([attribute, message]) => (
            <li key={`${attribute}:${message}`}>
              {fieldLabel(attribute)}: {message}
            </li>
          ))}
        </ul>
      </Banner>
    );
  }
  return (
    <Banner tone="error" role="alert">
      <strong>{t('revisions.restore.failed')}</strong>
      <FailureText failure={outcome.failure} />
    </Banner>
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
