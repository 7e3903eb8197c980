import type { ReactNode } from 'react';
import { t } from '../../../i18n';

interface ActionBarProps {
  /** A new page that was never saved: nothing of it is stored yet. */
  unsaved: boolean;
  dirty: boolean;
  saving: boolean;
  /** The user may not change the page: no Save. */
  readOnly?: boolean;
  onPreview: () => void;
  onSave: () => void;
  /** More actions, shown before Save (the app's add-ons: Schedule…). */
  extra?: ReactNode;
  /** An add-on's button in Save's place (Submit for review). */
  saveButton?: ReactNode;
}

/** Preview and Save, with the state of the draft beside them. */
export function ActionBar({
  unsaved,
  dirty,
  saving,
  readOnly,
  onPreview,
  onSave,
  extra,
  saveButton,
}: ActionBarProps) {
  let state = t('editor.state.saved');
  if (readOnly) state = t('editor.readOnly.state');
  else if (saving) state = t('editor.state.saving');
  else if (unsaved) state = t('editor.state.new');
  else if (dirty) state = t('editor.state.dirty');
  return (
    <div className="editor-actions">
      <span
        className={
          (dirty || unsaved) && !readOnly
            ? 'editor-actions__state editor-actions__state--dirty'
            : 'editor-actions__state'
        }
      >
        {state}
      </span>
      <button type="button" className="button" onClick={onPreview}>
        {t('editor.preview')}
      </button>
      {extra}
      {!readOnly && saveButton}
      {!readOnly && !saveButton && (
        <button
          type="button"
          className="button button--primary"
          onClick={onSave}
          disabled={saving}
          title={t('editor.saveShortcut')}
        >
          {t('editor.save')}
        </button>
      )}
    </div>
  );
}
