import { useState } from 'react';

interface NameEditorProps {
  initialName: string;
  placeholder: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Inline name field of a tree row in edit mode; Enter saves, Escape cancels. */
export function NameEditor({ initialName, placeholder, onSave, onCancel }: NameEditorProps) {
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  return (
    <form
      className="tree-row__editor"
      onSubmit={(event) => {
        event.preventDefault();
        // A page needs a name to be found again in the tree.
        if (trimmed) onSave(trimmed);
      }}
    >
      <input
        className="input"
        aria-label="Page name"
        placeholder={placeholder}
        value={name}
        autoFocus
        required
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button type="submit" className="button button--primary" disabled={!trimmed}>
        Save
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
