import { useEffect, useMemo, useState } from 'react';
import { t } from '../../../i18n';
import type { ContentLang } from '../../../ui/contentLocale';
import { Modal } from '../../../ui/modal/Modal';
import type { CompareWith, RevisionsApi } from '../api';
import { BlockDiffView } from '../../../entities/history/diff/BlockDiffView';
import { groupBlocks } from '../../../entities/history/diff/blockDiff';
import { describeFields } from '../compareModel';
import type { FieldContext } from '../compareModel';
import type { Comparison, Revision } from '../types';
import { savedAt, savedBy } from '../words';
import '../compare.css';
import { FieldChanges } from './FieldChanges';

/** What the compare view needs to name things: fields' values, locales and their direction. */
export interface CompareContext extends FieldContext {
  contentLang: (code: string) => ContentLang;
}

interface CompareDialogProps {
  api: RevisionsApi;
  /** The older side. */
  from: Revision;
  /** The newer side: another revision, or null for the page as it is now. */
  to: Revision | null;
  context: CompareContext;
  onClose: () => void;
  /** Restore the older side (absent: the user may not edit the page). */
  onRestore?: (revision: Revision) => void;
}

/** The last answer, for the blocks it was asked for (changed only, or all). */
type Answer = { all: boolean; comparison: Comparison } | { all: boolean; failed: true } | null;

/** Two versions side by side, per block and locale, word by word; changed blocks only at first. */
export function CompareDialog({ api, from, to, context, onClose, onRestore }: CompareDialogProps) {
  const [all, setAll] = useState(false);
  const [answer, setAnswer] = useState<Answer>(null);
  const [shown, setShown] = useState<Comparison | null>(null);
  const other: CompareWith = to ? to.id : 'current';
  useEffect(() => {
    let current = true;
    api.compare(from.id, other, all).then(
      (comparison) => {
        if (!current) return;
        setAnswer({ all, comparison });
        setShown(comparison);
      },
      () => current && setAnswer({ all, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [api, from.id, other, all]);
  // While the other set of blocks is on its way, the last one stays on screen.
  const comparison = shown;
  const failed = answer !== null && 'failed' in answer && answer.all === all;
  const blocks = useMemo(() => (comparison ? groupBlocks(comparison.blocks) : []), [comparison]);
  const fields = useMemo(
    () => (comparison ? describeFields(comparison.fields, context) : []),
    [comparison, context],
  );
  const busy = answer === null || answer.all !== all;
  const nothing = comparison !== null && fields.length === 0 && !blocks.some(changedBlock);
  // A version the same as the page now has nothing to restore (issue 28, item 16).
  const restorable = onRestore && !(to === null && nothing);

  return (
    <Modal title={t('revisions.compare.title')} onClose={onClose} className="revisions-compare">
      <div className="compare-head">
        <div className="compare-head__sides">
          <Side revision={from} className="compare-head__side compare-head__side--from" />
          <Side revision={to} className="compare-head__side compare-head__side--to" />
        </div>
        <div className="compare-head__tools">
          <label className="compare-head__all">
            <input
              type="checkbox"
              checked={all}
              onChange={(event) => setAll(event.target.checked)}
            />
            {t('revisions.compare.showAll')}
          </label>
          {restorable && (
            <button type="button" className="button" onClick={() => onRestore(from)}>
              {t('revisions.compare.restore')}
            </button>
          )}
        </div>
      </div>
      <div className="compare-body" aria-busy={busy}>
        {failed && (
          <p className="revisions-note revisions-note--error" role="alert">
            {t('revisions.compare.failed')}
          </p>
        )}
        {!failed && comparison === null && (
          <p className="revisions-note">{t('revisions.compare.loading')}</p>
        )}
        {nothing && <p className="revisions-note">{t('revisions.compare.same')}</p>}
        {fields.length > 0 && <FieldChanges fields={fields} />}
        {comparison !== null && !nothing && blocks.length === 0 && (
          <p className="revisions-note">{t('revisions.compare.noTextChanged')}</p>
        )}
        {blocks.map((block) => (
          <BlockDiffView
            key={block.name}
            block={block}
            localeName={context.localeName}
            contentLang={context.contentLang}
          />
        ))}
      </div>
    </Modal>
  );
}

const changedBlock = (block: ReturnType<typeof groupBlocks>[number]) =>
  block.locales.some((part) => part.changed);

/** A side's heading: which version, saved by whom (null: the page as it is now). */
function Side({ revision, className }: { revision: Revision | null; className: string }) {
  if (!revision) {
    return (
      <p className={className}>
        <strong>{t('revisions.compare.current')}</strong>
      </p>
    );
  }
  return (
    <p className={className}>
      <strong>{t('revisions.compare.versionOf', { time: savedAt(revision) })}</strong>
      <span className="compare-head__by">
        {t('revisions.compare.by', { name: savedBy(revision) })}
      </span>
    </p>
  );
}
