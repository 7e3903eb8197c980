import { useState } from 'react';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { languageName } from '../../../lib/languageName';
import { Modal } from '../../../ui/modal/Modal';
import type { RevisionsApi } from '../api';
import type { RestoredPage, Revision } from '../types';
import { useRevisionList } from '../useRevisionList';
import { CompareDialog } from './CompareDialog';
import type { CompareContext } from './CompareDialog';
import { RestoreDialog } from './RestoreDialog';
import { RevisionRow } from './RevisionRow';

export interface HistoryDrawerProps {
  api: RevisionsApi;
  context: CompareContext;
  /** The editor's page version (a restore sends it) and whether its form has unsaved edits. */
  lockVersion: number;
  dirty: boolean;
  /** Null: the user may not edit the page, so nothing is offered to restore. */
  onRestored: ((page: RestoredPage, revision: Revision) => void) | null;
  onReload: () => void;
  onClose: () => void;
  /** Listed apart, above the saved versions: the working copy and scheduled changes. */
  sections?: ReactNode;
}

/** Which two sides the compare view shows: `to` null is the page as it is now. */
type Comparing = { from: Revision; to: Revision | null } | null;

/** The History panel: the page's revisions, to compare and restore. */
export function HistoryDrawer({
  api,
  context,
  lockVersion,
  dirty,
  onRestored,
  onReload,
  onClose,
  sections,
}: HistoryDrawerProps) {
  const list = useRevisionList(api);
  const [selected, setSelected] = useState<readonly Revision[]>([]);
  const [comparing, setComparing] = useState<Comparing>(null);
  const [restoring, setRestoring] = useState<Revision | null>(null);

  const select = (revision: Revision, on: boolean) =>
    setSelected((current) =>
      on ? [...current, revision] : current.filter((item) => item.id !== revision.id),
    );
  const compareSelected = () => {
    // The older one on the left: revisions are numbered as they are saved.
    const [first, second] = [...selected].sort((a, b) => a.id - b.id);
    if (first && second) setComparing({ from: first, to: second });
  };
  const restore = onRestored ? (revision: Revision) => setRestoring(revision) : undefined;
  // Running text names a locale in the interface language; the compare view's headings (like
  // a language picker) name each in its own.
  const inText = (code: string) => languageName(code, context.localeName(code));

  return (
    <Modal title={t('revisions.title')} onClose={onClose} className="revisions-drawer">
      {sections && <div className="revisions-extra">{sections}</div>}
      <section className="revisions" aria-labelledby="revisions-saved">
        <h3 className="revisions__heading" id="revisions-saved">
          {t('revisions.saved')}
        </h3>
        {list.revisions.length > 1 && (
          <p className="revisions__hint">{t('revisions.selectHelp')}</p>
        )}
        {list.state === 'ready' && list.revisions.length === 0 && (
          <p className="revisions-note">{t('revisions.empty')}</p>
        )}
        <ol className="revisions__list" aria-busy={list.state === 'loading'}>
          {list.revisions.map((revision, index) => (
            <RevisionRow
              key={revision.id}
              revision={revision}
              selected={selected.some((item) => item.id === revision.id)}
              selectable={selected.length < 2}
              onSelect={(on) => select(revision, on)}
              current={index === 0}
              localeName={inText}
              onCompare={() => setComparing({ from: revision, to: null })}
              onRestore={restore && (() => restore(revision))}
            />
          ))}
        </ol>
        {list.state === 'loading' && <p className="revisions-note">{t('revisions.loading')}</p>}
        {list.state === 'failed' && (
          <p className="revisions-note revisions-note--error" role="alert">
            {t('revisions.failed')}{' '}
            <button type="button" className="link-button" onClick={list.retry}>
              {t('revisions.retry')}
            </button>
          </p>
        )}
        {list.state === 'ready' && list.more && (
          <button type="button" className="button revisions__older" onClick={list.older}>
            {t('revisions.older')}
          </button>
        )}
      </section>
      {selected.length > 0 && (
        <div className="revisions-bar">
          <span role="status">{t('revisions.selected', { count: selected.length })}</span>
          <button
            type="button"
            className="button button--primary"
            disabled={selected.length !== 2}
            onClick={compareSelected}
          >
            {t('revisions.compareSelected')}
          </button>
        </div>
      )}
      {comparing && (
        <CompareDialog
          api={api}
          from={comparing.from}
          to={comparing.to}
          context={context}
          onClose={() => setComparing(null)}
          onRestore={restore}
        />
      )}
      {restoring && onRestored && (
        <RestoreDialog
          api={api}
          revision={restoring}
          lockVersion={lockVersion}
          dirty={dirty}
          onRestored={(page) => onRestored(page, restoring)}
          onReload={onReload}
          onClose={() => setRestoring(null)}
          localeName={inText}
        />
      )}
    </Modal>
  );
}
