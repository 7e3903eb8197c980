interface ActionBarProps {
  /** A new page that was never saved: nothing of it is stored yet. */
  unsaved: boolean;
  dirty: boolean;
  saving: boolean;
  onPreview: () => void;
  onSave: () => void;
}

/** Preview and Save, with the state of the draft beside them. */
export function ActionBar({ unsaved, dirty, saving, onPreview, onSave }: ActionBarProps) {
  let state = 'All changes saved';
  if (saving) state = 'Saving…';
  else if (unsaved) state = 'New page, not saved yet';
  else if (dirty) state = 'Unsaved changes';
  return (
    <div className="editor-actions">
      <span
        className={
          dirty || unsaved
            ? 'editor-actions__state editor-actions__state--dirty'
            : 'editor-actions__state'
        }
      >
        {state}
      </span>
      <button type="button" className="button" onClick={onPreview}>
        Preview
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={onSave}
        disabled={saving}
        title="Save (Ctrl+S)"
      >
        Save
      </button>
    </div>
  );
}
