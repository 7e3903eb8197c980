import { useState } from 'react';

interface NameEditorProps {
  initialName: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Inline name field of a tree row in edit mode; Escape cancels. */
export function NameEditor({ initialName, onSave, onCancel }: NameEditorProps) {
  const [name, setName] = useState(initialName);
  return (
    <form
      className="tree-row__editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name.trim());
      }}
    >
      <input
        className="input"
        aria-label="Page name"
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button type="submit" className="button button--primary">
        Save
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
