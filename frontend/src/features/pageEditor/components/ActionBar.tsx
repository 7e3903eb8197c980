interface ActionBarProps {
  dirty: boolean;
  saving: boolean;
  onPreview: () => void;
  onSave: () => void;
}

/** Preview and Save, with the state of the draft beside them. */
export function ActionBar({ dirty, saving, onPreview, onSave }: ActionBarProps) {
  let state = 'All changes saved';
  if (saving) state = 'Saving…';
  else if (dirty) state = 'Unsaved changes';
  return (
    <div className="editor-actions">
      <span
        className={
          dirty ? 'editor-actions__state editor-actions__state--dirty' : 'editor-actions__state'
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
