import { useState } from 'react';
import type { FormEvent } from 'react';
import { t } from '../../../i18n';
import { ParentPicker } from '../../../entities/pages/ParentPicker';
import type { ParentChoice } from '../../../entities/pages/api';
import { MAX_TAG_LENGTH, cleanTagName } from '../../../entities/tags/tags';
import { Modal } from '../../../ui/modal/Modal';
import { confirmation, confirmLabel, actionSpec } from '../model';
import type { BulkChoice } from '../model';

/** Where the dialog stands: choosing what the action needs, then confirming it. */
export type DialogStep =
  | { kind: 'parent' }
  | { kind: 'tag'; action: 'tag' | 'untag' }
  | { kind: 'confirm'; choice: BulkChoice };

interface BulkDialogProps {
  step: DialogStep;
  /** How many pages are selected. */
  count: number;
  /** Whether a page is among the selected (a move does not offer them as the parent). */
  isSelected: (id: number) => boolean;
  findParents: (q: string) => Promise<ParentChoice[]>;
  /** The server's refusal of the call, shown in the confirmation. */
  error: string | null;
  busy: boolean;
  onStep: (step: DialogStep) => void;
  onConfirm: (choice: BulkChoice) => void;
  onClose: () => void;
}

/** The steps of a bulk action: a parent or a tag when it needs one, then its confirmation. */
export function BulkDialog(props: BulkDialogProps) {
  const { step, onClose } = props;
  if (step.kind === 'parent')
    return (
      <Modal title={t('bulk.moveTitle')} onClose={onClose}>
        <ParentPicker
          id="bulk-move-parent"
          texts={{
            legend: t('bulk.moveLegend'),
            find: t('bulk.findParent'),
            search: t('bulk.search'),
            topLevel: t('bulk.topLevel'),
            choose: t('bulk.moveHere'),
            cancel: t('bulk.cancel'),
          }}
          find={props.findParents}
          exclude={props.isSelected}
          onChoose={(parent) =>
            props.onStep({ kind: 'confirm', choice: { action: 'move', parent } })
          }
          onCancel={onClose}
        />
      </Modal>
    );
  if (step.kind === 'tag')
    return (
      <Modal
        title={t(step.action === 'tag' ? 'bulk.tagTitle' : 'bulk.untagTitle')}
        onClose={onClose}
      >
        <TagStep
          onNext={(tag) => props.onStep({ kind: 'confirm', choice: { action: step.action, tag } })}
          onCancel={onClose}
        />
      </Modal>
    );
  const { choice } = step;
  return (
    <Modal title={t('bulk.confirmTitle')} onClose={onClose}>
      <p className="bulk-dialog__question">{confirmation(choice, props.count)}</p>
      {props.error && (
        <p className="bulk-dialog__error" role="alert">
          {t('bulk.startFailed', { reason: props.error })}
        </p>
      )}
      <div className="bulk-dialog__actions">
        <button
          type="button"
          className={`button ${actionSpec(choice.action).danger ? 'button--danger' : 'button--primary'}`}
          disabled={props.busy}
          onClick={() => props.onConfirm(choice)}
        >
          {props.busy ? t('bulk.starting') : confirmLabel(choice.action)}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('bulk.cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** The tag to add or remove, checked as the tag editor checks one. */
function TagStep({ onNext, onCancel }: { onNext: (tag: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const next = (event: FormEvent) => {
    event.preventDefault();
    const tag = cleanTagName(text);
    if (!tag) return setProblem(t('bulk.tagMissing'));
    if (tag.length > MAX_TAG_LENGTH)
      return setProblem(t('bulk.tagTooLong', { max: MAX_TAG_LENGTH }));
    onNext(tag);
  };
  return (
    <form className="bulk-dialog__tag" onSubmit={next} noValidate>
      <label htmlFor="bulk-tag">{t('bulk.tagLabel')}</label>
      <input
        id="bulk-tag"
        className="input"
        dir="auto"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'bulk-tag-problem' : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && (
        <p id="bulk-tag-problem" className="bulk-dialog__error">
          {problem}
        </p>
      )}
      <div className="bulk-dialog__actions">
        <button type="submit" className="button button--primary">
          {t('bulk.next')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('bulk.cancel')}
        </button>
      </div>
    </form>
  );
}
